// Generates main/gen/pose_pb.{js,d.ts} from proto/pose.proto with protobufjs-cli
// (pbjs -t static-module, pbts). Run by `npm run proto` before typecheck, build and tests.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const out = join(root, 'main', 'gen');
const bin = (name) => join(root, 'node_modules', 'protobufjs-cli', 'bin', name);
mkdirSync(out, { recursive: true });
const js = join(out, 'pose_pb.js');
execFileSync(process.execPath, [bin('pbjs'), '-t', 'static-module', '-w', 'es6', '--force-number', '-o', js, join(root, 'proto', 'pose.proto')], { stdio: 'inherit' });
// Node's ESM resolver needs the file extension (protobufjs has no "exports" map) and a default import of CJS.
const src = readFileSync(js, 'utf8').replace(
  /import \* as \$protobuf from "protobufjs\/minimal";/,
  'import $protobuf from "protobufjs/minimal.js";',
);
writeFileSync(js, src);
const dts = join(out, 'pose_pb.d.ts');
execFileSync(process.execPath, [bin('pbts'), '-o', dts, js], { stdio: 'inherit' });
// pbts emits a CommonJS-style `import Long = require("long")`, which an ESM package cannot type-check.
writeFileSync(dts, readFileSync(dts, 'utf8').replace('import Long = require("long");', 'import type Long from "long";'));
