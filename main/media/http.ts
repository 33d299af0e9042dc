/**
 * Writes a {@link MediaAnswer} to a Node HTTP response (the bridge's `/media/*` route), and
 * turns one into a web `Response` (Electron's protocol.handle). The file is streamed, never
 * read whole.
 */
import { createReadStream } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import type { MediaAnswer } from './resolve.js';

/** Streams the answer into `res` (headers, then the byte span). Ends `res` in every case. */
export function sendMediaAnswer(answer: MediaAnswer, res: ServerResponse): void {
  res.writeHead(answer.status, answer.headers);
  if (!answer.body) {
    res.end();
    return;
  }
  const stream = createReadStream(answer.body.file, { start: answer.body.start, end: answer.body.end });
  stream.on('error', () => res.destroy());
  res.on('close', () => stream.destroy());
  stream.pipe(res);
}

/** The answer as a web Response (Electron protocol.handle); the file streams from disk. */
export function mediaAnswerToResponse(answer: MediaAnswer): Response {
  const body = answer.body
    ? (Readable.toWeb(
        createReadStream(answer.body.file, { start: answer.body.start, end: answer.body.end }),
      ) as ReadableStream<Uint8Array>)
    : null;
  return new Response(body, { status: answer.status, headers: answer.headers });
}
