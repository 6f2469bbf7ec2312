#!/usr/bin/env node
// Makes the gateway root key pair when it is absent: .keys/root-key.pem
// (private, for the server) and .keys/root-public.pem (built into the web
// app). The folder is ignored by git. An operator's own root key is given to
// the server with ROOT_KEY_FILE and its public half to the build with
// ROOT_PUBLIC_KEY_FILE.
import { createPublicKey, generateKeyPairSync } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const dir = resolve(dirname(fileURLToPath(import.meta.url)), '..', '.keys');
const privateFile = join(dir, 'root-key.pem');
const publicFile = join(dir, 'root-public.pem');

function writeOnce(file, content) {
  try {
    writeFileSync(file, content, { flag: 'wx', mode: 0o600 });
  } catch (err) {
    if (err.code !== 'EEXIST') throw err;
  }
}

mkdirSync(dir, { recursive: true, mode: 0o700 });
if (!existsSync(privateFile)) {
  const pair = generateKeyPairSync('rsa', { modulusLength: 2048, publicExponent: 0x10001 });
  writeOnce(privateFile, pair.privateKey.export({ type: 'pkcs8', format: 'pem' }));
  console.log(`root key pair created in ${dir}`);
}
if (!existsSync(publicFile)) {
  writeOnce(
    publicFile,
    createPublicKey(readFileSync(privateFile, 'utf8')).export({ type: 'spki', format: 'pem' }),
  );
}
