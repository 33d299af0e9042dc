/** settings.libraryDir decides where the CLI and the app open the library. */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createPlayer, listPlayers } from '../../main/library/players.js';
import { pathsOf } from '../../main/library/paths.js';
import { libraryRootOf, openConfiguredLibrary } from '../../main/settings/library-location.js';
import { saveSettings } from '../../main/settings/settings.js';

const dirs: string[] = [];
const temp = (p: string) => {
  const d = mkdtempSync(join(tmpdir(), p));
  dirs.push(d);
  return d;
};
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

describe('library location', () => {
  it('defaults to <home>/library', () => {
    const home = temp('libloc-home-');
    expect(libraryRootOf(home)).toBe(join(home, 'library'));
    const db = openConfiguredLibrary(home);
    expect(pathsOf(db).root).toBe(join(home, 'library'));
    db.close();
  });

  it('opens the folder chosen in settings, and only there', () => {
    const home = temp('libloc-home-');
    const chosen = join(temp('libloc-chosen-'), 'Swing Library');
    saveSettings(home, { libraryDir: chosen });
    const db = openConfiguredLibrary(home);
    expect(pathsOf(db).root).toBe(chosen);
    createPlayer(db, { name: 'Ann', dominantHand: 'left', heightMm: 1650 });
    db.close();
    expect(existsSync(join(chosen, 'library.sqlite'))).toBe(true);
    expect(existsSync(join(home, 'library', 'library.sqlite'))).toBe(false);
    const again = openConfiguredLibrary(home);
    expect(listPlayers(again).map((p) => p.name)).toEqual(['Ann']);
    again.close();
  });
});
