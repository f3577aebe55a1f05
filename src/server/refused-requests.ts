/**
 * What the local server answers to a request Node's HTTP parser refuses before any handler runs, so that it too
 * is JSON in its family's format rather than Node's bare answer: a request line and headers over MAX_HEAD_BYTES
 * (431), a method the parser does not know (405, as for any method the API does not answer), a request it
 * cannot read (400), an HTTP/1.1 request without `Host` (400: Node's own check is turned off so that this one
 * answers), and CONNECT, which Node hands to its own event (405). The family comes from the request
 * line when the bytes Node gives with the error start with it; else (a line sent in earlier packets, or no
 * readable line) the answer is the web family's. Written straight to the socket, which is then closed.
 */
import http from 'node:http';
import type { Duplex } from 'node:stream';
import { badParameter, requestTooLarge } from '../api/errors.ts';
import { errorResponse, familyOfPath, methodNotAllowedResponse, type Family } from '../api/envelope.ts';

/**
 * The most a request line and its headers may hold (Node's `maxHeaderSize`; Node's default, set here so that no
 * runtime flag changes it). The URL has no limit of its own: the API's longest URL is under 1 KB, and 16 KiB
 * bounds what a path costs to match.
 */
export const MAX_HEAD_BYTES = 16 * 1024;

/** Sockets with answers under way: a refusal must not be written into the middle of one. */
const answering = new WeakMap<Duplex, number>();

/** The server's `request` listener calls this: the request's answer is under way on its socket until it is sent or the connection is gone. */
export function trackAnswer(req: http.IncomingMessage, res: http.ServerResponse): void {
  const socket = req.socket;
  answering.set(socket, (answering.get(socket) ?? 0) + 1);
  res.once('close', () => answering.set(socket, (answering.get(socket) ?? 1) - 1));
}

/** An error of Node's parser: its code, and the bytes of the packet it failed on. */
export interface ParserError extends Error {
  code?: string;
  rawPacket?: Buffer;
}

const REQUEST_LINE = /^([!#$%&'*+.^`|~\w-]+) (\S+)/;

/** The method and path of the request line the packet starts with, if it does. */
function requestLineOf(packet: Buffer | undefined): { method: string; path: string } | null {
  const found = packet ? REQUEST_LINE.exec(packet.subarray(0, 4096).toString('latin1')) : null;
  if (!found) return null;
  return { method: found[1] as string, path: (found[2] as string).split('?')[0] as string };
}

/** Writes a whole answer and closes the connection; HEAD gets the headers only. */
async function writeAndClose(socket: Duplex, response: Response, head: boolean): Promise<void> {
  const body = Buffer.from(await response.arrayBuffer());
  const lines = [`HTTP/1.1 ${response.status} ${http.STATUS_CODES[response.status] ?? ''}`];
  response.headers.forEach((value, name) => lines.push(`${name}: ${value}`));
  lines.push(`content-length: ${body.length}`, 'connection: close', '', '');
  socket.end(Buffer.concat([Buffer.from(lines.join('\r\n'), 'latin1'), head ? Buffer.alloc(0) : body]));
}

function refusal(error: ParserError, family: Family, method: string | null): Response {
  if (error.code === 'HPE_HEADER_OVERFLOW') {
    return errorResponse(family, requestTooLarge(`The request line and headers are larger than ${MAX_HEAD_BYTES / 1024} KiB.`));
  }
  if (error.code === 'HPE_INVALID_METHOD' && method) return methodNotAllowedResponse(family, method);
  return errorResponse(family, badParameter('The request cannot be read: its request line or headers are not HTTP/1.1.'));
}

/** The server's `clientError` listener. */
export function answerClientError(error: ParserError, socket: Duplex): void {
  // Nothing is said on a socket that is gone or is still sending an answer to an earlier request (pipelined), and
  // a request that did not arrive in time is not answered. Node's own listener also keeps quiet on a kept-alive
  // connection that has answered before; here such a connection gets its answer, as a fresh one does.
  if (!socket.writable || (answering.get(socket) ?? 0) > 0 || error.code === 'ECONNRESET' || error.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    socket.destroy();
    return;
  }
  const line = requestLineOf(error.rawPacket);
  const response = refusal(error, line ? familyOfPath(line.path) : 'web', line?.method ?? null);
  writeAndClose(socket, response, line?.method === 'HEAD').catch(() => socket.destroy());
}

/**
 * An HTTP/1.1 request without `Host` (RFC 9112 §3.2: a server answers 400): the JSON 400 of its path's family, to
 * be sent with `Connection: close`; null for any other request (HTTP/1.0 needs no Host).
 */
export function missingHost(req: http.IncomingMessage): Response | null {
  if (req.httpVersion !== '1.1' || req.headers.host !== undefined) return null;
  const path = (req.url ?? '/').split('?')[0] as string;
  return errorResponse(
    familyOfPath(path.replace(/\/{2,}/g, '/')),
    badParameter('The request has no Host header, which HTTP/1.1 requires (RFC 9112 §3.2): send one.'),
  );
}

/** The server's `connect` listener: CONNECT asks for a tunnel, which this read-only API never opens. */
export function answerConnect(req: http.IncomingMessage, socket: Duplex): void {
  writeAndClose(socket, methodNotAllowedResponse('web', req.method ?? 'CONNECT'), false).catch(() => socket.destroy());
}
