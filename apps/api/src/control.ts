// DATA_DIR/control.sock: the embedded database belongs to one process at a time (two PGlite
// instances on one folder corrupt it). The process that holds the database listens on this unix
// socket; another process finds it there and asks it for a backup instead of opening the files.
// Only the account owning DATA_DIR can reach the socket (the folder is 0700, the socket 0600), the
// same account that could read the database files anyway.

import { existsSync, rmSync } from 'node:fs';
import { createServer, request, type IncomingMessage } from 'node:http';
import { connect } from 'node:net';
import { join } from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

export const controlSocketPath = (dataDir: string) => join(dataDir, 'control.sock');

export class DataDirInUseError extends Error {
  override name = 'DataDirInUseError';
}

/** A unix socket's path holds at most 107 bytes (Linux; 103 on macOS). */
export const MAX_SOCKET_PATH = 103;

export class ControlSocketPathError extends Error {
  override name = 'ControlSocketPathError';
}

export interface ControlHandlers {
  /** Streams a consistent backup archive. */
  backup: () => Promise<Readable>;
}

export interface DataDirClaim {
  release(): Promise<void>;
}

/** Whether a process answers on the socket (a socket file left by a crashed one does not). */
function answers(path: string): Promise<boolean> {
  return new Promise((resolve) => {
    if (!existsSync(path)) return resolve(false);
    const socket = connect(path);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** Listens on DATA_DIR's control socket; throws DataDirInUseError when another live process holds it. */
export async function claimDataDir(
  dataDir: string,
  handlers: ControlHandlers,
  logError: (error: unknown) => void = () => {},
): Promise<DataDirClaim> {
  const path = controlSocketPath(dataDir);
  if (Buffer.byteLength(path) > MAX_SOCKET_PATH) {
    throw new ControlSocketPathError(
      `The path of ${path} is longer than a unix socket allows (${MAX_SOCKET_PATH} bytes): give DATA_DIR a shorter path (a symbolic link to the folder will do).`,
    );
  }
  if (await answers(path)) throw inUse(dataDir);
  rmSync(path, { force: true });
  const server = createServer((req, res) => {
    if (req.method !== 'POST' || req.url !== '/backup') {
      res.writeHead(404).end();
      return;
    }
    Promise.resolve()
      .then(handlers.backup)
      .then(
        (archive) => {
          res.writeHead(200, { 'Content-Type': 'application/gzip' });
          pipeline(archive, res).catch((error: unknown) => {
            logError(error);
            res.destroy();
          });
        },
        (error: unknown) => {
          logError(error);
          res
            .writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' })
            .end(error instanceof Error ? error.message : 'The backup failed');
        },
      );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(error.code === 'EADDRINUSE' ? inUse(dataDir) : error),
    );
    server.listen(path, () => resolve());
  });
  return {
    release: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function inUse(dataDir: string) {
  return new DataDirInUseError(
    `Another process (a running server or a backup) is using the embedded database in ${dataDir}.`,
  );
}

/**
 * Asks the process holding DATA_DIR for a backup and writes it to `out`. Answers false when no
 * process holds it (then the caller may open the database itself).
 */
export async function requestBackup(dataDir: string, out: () => Writable): Promise<boolean> {
  const path = controlSocketPath(dataDir);
  if (!(await answers(path))) return false;
  const res = await new Promise<IncomingMessage>((resolve, reject) => {
    const req = request({ socketPath: path, method: 'POST', path: '/backup' }, resolve);
    req.once('error', reject);
    req.end();
  });
  if (res.statusCode !== 200) {
    let body = '';
    for await (const chunk of res) body += String(chunk);
    throw new Error(`The running server could not take the backup: ${body || `status ${res.statusCode}`}`);
  }
  // A server that stops halfway aborts the response: pipeline rejects, the partial file is dropped.
  await pipeline(res, out());
  return true;
}
