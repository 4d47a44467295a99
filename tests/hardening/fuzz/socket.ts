// Requests over a real socket: app.inject parses its URL (WHATWG), which normalises dot segments and
// backslashes, and it has no connection to trickle bytes into or to time out.

import { request } from 'node:http';
import { connect } from 'node:net';
import type { FastifyInstance } from 'fastify';

/** Makes the app listen on a free loopback port (close the app to stop) and returns the port. */
export async function listen(app: FastifyInstance): Promise<number> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (typeof address !== 'object' || !address) throw new Error('app does not listen');
  return address.port;
}

export interface RawResponse {
  status: number;
  body: string;
}

/** One request with the path sent exactly as given (not normalised) on its own connection. */
export function rawRequest(
  port: number,
  options: { method: string; path: string; headers?: Record<string, string>; body?: string | Buffer },
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method: options.method,
        path: options.path,
        headers: options.headers,
        agent: false,
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          body += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

export interface Trickled {
  /** Whether the server ended the connection before the client ran out of bytes to trickle. */
  closedByServer: boolean;
  /** Everything the server sent. */
  received: string;
}

/**
 * A slow client: sends `head`, then one byte of `drip` every `everyMs` (`drip` repeats; empty: a silent
 * client) until the server closes the connection or `maxTicks` ticks have passed; then it gives up and
 * closes itself.
 */
export function trickle(
  port: number,
  options: { head: string | Buffer; drip: string; everyMs: number; maxTicks: number },
): Promise<Trickled> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let received = '';
    let ticks = 0;
    let gaveUp = false;
    let timer: NodeJS.Timeout | undefined;
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      received += chunk;
    });
    socket.on('error', (error: NodeJS.ErrnoException) => {
      // the server may reset the connection while a byte is under way
      if (error.code !== 'ECONNRESET' && error.code !== 'EPIPE') reject(error);
    });
    socket.on('close', () => {
      clearInterval(timer);
      resolve({ closedByServer: !gaveUp, received });
    });
    socket.on('connect', () => {
      if (options.head.length > 0) socket.write(options.head);
      timer = setInterval(() => {
        if (ticks >= options.maxTicks) {
          gaveUp = true;
          socket.destroy();
          return;
        }
        if (options.drip) socket.write(options.drip.charAt(ticks % options.drip.length));
        ticks++;
      }, options.everyMs);
    });
  });
}
