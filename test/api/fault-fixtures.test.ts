import AdmZip from 'adm-zip';
import { inflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { swingstudio } from '../../main/gen/pose_pb.js';
import { archiveFixture, posePb } from '../support/fault-zip.js';

describe('archive fixtures of the fault server', () => {
  it('good: three entries that decode', () => {
    const zip = new AdmZip(archiveFixture('good'));
    expect(zip.getEntries().map((e) => e.entryName)).toEqual([
      'video_entry_2d.pb',
      'video_entry_3d.pb',
      'technique_analysis.json',
    ]);
    const pb = swingstudio.pose.VideoEntry.decode(zip.readFile('video_entry_3d.pb')!);
    expect([
      pb.dims,
      pb.annotationData.length,
      pb.annotationData[0]?.instances?.[0]?.keypoints?.length,
    ]).toEqual([3, 30, 51]);
    expect(JSON.parse(zip.readAsText('technique_analysis.json'))).toMatchObject({ status: 'done' });
  });

  it('traversal: carries ../ entry names verbatim', () => {
    const names = new AdmZip(archiveFixture('traversal')).getEntries().map((e) => e.entryName);
    expect(names).toContain('../evil.txt');
    expect(names).toContain('../../etc/passwd-swing');
  });

  it('bomb: 1 GiB declared from about 1 MB; the lying one declares 1 KiB', () => {
    const bomb = archiveFixture('bomb');
    expect(bomb.length).toBeLessThan(2 * 1024 * 1024);
    const e = new AdmZip(bomb).getEntry('technique_analysis.json')!;
    expect(e.header.size).toBe(1024 ** 3);
    const lying = new AdmZip(archiveFixture('bomb-lying')).getEntry('technique_analysis.json')!;
    expect(lying.header.size).toBe(1024);
    // The deflate data really inflates past what it declares.
    expect(() => inflateRawSync(lying.getCompressedData(), { maxOutputLength: 4096 })).toThrow(/buffer/i);
  });

  it('truncated-pb: a valid ZIP whose 3D entry does not decode', () => {
    const zip = new AdmZip(archiveFixture('truncated-pb'));
    const cut = zip.readFile('video_entry_3d.pb')!;
    expect(cut.length).toBe(Math.floor(posePb(3).length / 2));
    expect(() => swingstudio.pose.VideoEntry.decode(cut)).toThrow();
  });
});
