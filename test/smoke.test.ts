import { describe, expect, it } from 'vitest';
import { checkUploadRequest } from '../main/contract/upload-rules.js';

describe('upload rules', () => {
  it('gives the API.md messages', () => {
    expect(checkUploadRequest('a.mp4', 'image/png')?.error).toBe('Invalid content type');
    expect(checkUploadRequest('a.mp4', 'video/ogg')?.error).toMatch(/^Unsupported video type.*video\/mp4/);
    expect(checkUploadRequest('a'.repeat(252) + '.mp4', 'video/mp4')?.error).toBe('Filename too long');
    expect(checkUploadRequest('a?.mp4', 'video/mp4')?.error).toBe('Invalid characters');
    expect(checkUploadRequest('a.mov', 'video/mp4')?.error).toMatch(/^Unsupported video type/);
    expect(checkUploadRequest('clip.MP4', 'video/mp4')).toBeUndefined();
  });
});
