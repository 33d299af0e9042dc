/**
 * The Electron fuses the packaged app is built with (electron-builder.yml `electronFuses`):
 * every hardening fuse is set, including grantFileProtocolExtraPrivileges off (issue 13,
 * finding 11: no page of the app or its reports is loaded from file://).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { REPO_ROOT } from '../support/media.js';

it('builds with the hardening fuses set', () => {
  const yml = readFileSync(join(REPO_ROOT, 'electron-builder.yml'), 'utf8');
  const block = /^electronFuses:\n((?:[ \t]+.*\n)+)/m.exec(yml)?.[1] ?? '';
  const fuses: Record<string, boolean> = Object.fromEntries([...block.matchAll(/^\s+(\w+):\s*(true|false)\s*$/gm)].map((m): [string, boolean] => [m[1]!, m[2] === 'true']));
  expect(fuses).toEqual({
    runAsNode: false,
    enableCookieEncryption: true,
    enableNodeOptionsEnvironmentVariable: false,
    enableNodeCliInspectArguments: false,
    enableEmbeddedAsarIntegrityValidation: true,
    onlyLoadAppFromAsar: true,
    grantFileProtocolExtraPrivileges: false,
  });
});
