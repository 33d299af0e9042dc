/** Which links leave the app: only http(s) URLs go to the user's browser (shell.openExternal). */

/** Whether a URL may be handed to the OS browser: http: or https: with a host. */
export function isExternalLink(url: string): boolean {
  try {
    const u = new URL(url);
    return (u.protocol === 'https:' || u.protocol === 'http:') && u.host !== '';
  } catch {
    return false;
  }
}
