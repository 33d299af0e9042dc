/**
 * The upload-url rules of ../shared/API.md ("POST /api/video/upload-url" and "Errors"), with
 * their exact messages. The local service answers with them; the client checks them before any
 * request so a bad name never leaves the machine.
 */

/** Allowed content types and the file extensions that fit each (API.md endpoint 1). */
export const VIDEO_TYPES: Readonly<Record<string, readonly string[]>> = {
  'video/mp4': ['.mp4'],
  'video/quicktime': ['.mov'],
  'video/x-msvideo': ['.avi'],
  'video/webm': ['.webm'],
  'video/x-matroska': ['.mkv'],
};

/** Extensions `POST /process` accepts (API.md endpoint 5): no .webm. */
export const PROCESS_EXTENSIONS = ['.mp4', '.avi', '.mov', '.mkv'] as const;

/** Max file name length, characters (API.md "Limits"). */
export const MAX_FILENAME_LENGTH = 255;

/** Characters a file name must not contain (API.md endpoint 1): < > : " / \ | ? * */
export const FORBIDDEN_FILENAME_CHARS = /[<>:"/\\|?*]/;

/** A rule violation: HTTP status and the exact `error` message of API.md. */
export interface UploadRuleError {
  status: 400;
  error: string;
}

/** Lower-case extension of a file name including the dot, or '' when none. */
export function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot <= 0 ? '' : fileName.slice(dot).toLowerCase();
}

/** The content type whose extensions include this file's, or undefined. */
export function contentTypeFor(fileName: string): string | undefined {
  const ext = extensionOf(fileName);
  return Object.keys(VIDEO_TYPES).find((t) => VIDEO_TYPES[t]?.includes(ext));
}

/**
 * Checks an upload-url request. Order of checks follows API.md's error table: content type
 * prefix, allowed type, name length, forbidden characters, then extension fit (our rule:
 * "Unsupported video type" also when the extension does not fit the content type).
 * @returns the first violation, or undefined when the request is valid.
 */
export function checkUploadRequest(fileName: string, contentType: string): UploadRuleError | undefined {
  const type = contentType.trim().toLowerCase();
  if (!type.startsWith('video/')) return { status: 400, error: 'Invalid content type' };
  const allowed = Object.keys(VIDEO_TYPES);
  const unsupported = { status: 400 as const, error: `Unsupported video type. Allowed types: ${allowed.join(', ')}` };
  if (!allowed.includes(type)) return unsupported;
  if (fileName.length > MAX_FILENAME_LENGTH) return { status: 400, error: 'Filename too long' };
  if (FORBIDDEN_FILENAME_CHARS.test(fileName)) return { status: 400, error: 'Invalid characters' };
  if (fileName.trim().length === 0) return { status: 400, error: 'Invalid characters' };
  if (!VIDEO_TYPES[type]?.includes(extensionOf(fileName))) {
    return {
      status: 400,
      error: `Unsupported video type. The extension of ${JSON.stringify(fileName)} does not fit ${type}; allowed types: ${allowed.join(', ')}`,
    };
  }
  return undefined;
}
