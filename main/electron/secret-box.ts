/**
 * The API key's encryption in the desktop app: Electron `safeStorage` (macOS Keychain, Windows
 * DPAPI, Linux libsecret/kwallet) when it offers real protection; otherwise (Linux without a
 * keyring, where safeStorage falls back to a hard-coded password) the AES-256-GCM file box of
 * main/settings. Call after app 'ready' (safeStorage needs it on Linux).
 */
import { safeStorage } from 'electron';
import { nodeSecretBox, type SecretBox } from '../settings/api-key.js';

/** A SecretBox backed by safeStorage. */
export function electronSecretBox(): SecretBox {
  return {
    isAvailable: () => safeStorage.isEncryptionAvailable(),
    encrypt: (plain) => safeStorage.encryptString(plain),
    decrypt: (data) => safeStorage.decryptString(data),
  };
}

/** The box to use and how it protects the key (shown in Settings as keyProtection). */
export function chooseSecretBox(home: string): { box: SecretBox; protection: 'os' | 'file' } {
  const weakLinux =
    process.platform === 'linux' &&
    ['basic_text', 'unknown'].includes(safeStorage.getSelectedStorageBackend());
  if (safeStorage.isEncryptionAvailable() && !weakLinux)
    return { box: electronSecretBox(), protection: 'os' };
  return { box: nodeSecretBox(home), protection: 'file' };
}
