import type { Socket, TCPSocketListener } from "bun";

type Pipe = { peer: Socket<Pipe> | null; queue: Uint8Array[] };

/** Writes `chunk` to `socket`, keeping what it could not take for its next drain (nothing is dropped). */
function send(socket: Socket<Pipe>, pipe: Pipe, chunk: Uint8Array): void {
  if (pipe.queue.length > 0) {
    pipe.queue.push(chunk);
    return;
  }
  const written = socket.write(chunk);
  if (written < chunk.length) pipe.queue.push(chunk.slice(Math.max(0, written)));
}

function drain(socket: Socket<Pipe>, pipe: Pipe): void {
  while (pipe.queue.length > 0) {
    const chunk = pipe.queue[0]!;
    const written = socket.write(chunk);
    if (written < chunk.length) {
      pipe.queue[0] = chunk.slice(Math.max(0, written));
      return;
    }
    pipe.queue.shift();
  }
}

/**
 * A TCP proxy a test can cut (every connection dropped, new ones closed at once: a restart or a
 * refused connection) or silence (connections stay open and new ones are accepted, but nothing
 * passes either way: a network fault that drops every packet).
 */
export class CuttableProxy {
  #down = false;
  #silent = false;
  readonly #open = new Set<Socket<Pipe>>();
  readonly listener: TCPSocketListener<Pipe>;

  constructor(target: { hostname: string; port: number }) {
    const open = this.#open;
    const isDown = () => this.#down;
    const isSilent = () => this.#silent;
    // Each side's data holds the other side and what waits to be written to *this* side.
    this.listener = Bun.listen<Pipe>({
      hostname: "127.0.0.1",
      port: 0,
      socket: {
        open(client) {
          client.data = { peer: null, queue: [] };
          if (isDown()) {
            client.terminate();
            return;
          }
          open.add(client);
          // Silent: accepted, then nothing (the connection attempt waits until its own timeout).
          if (isSilent()) return;
          Bun.connect<Pipe>({
            hostname: target.hostname,
            port: target.port,
            data: { peer: client, queue: [] },
            socket: {
              open(server) {
                open.add(server);
                // What the client sent before the server side was up.
                const early = client.data.queue;
                client.data = { peer: server, queue: [] };
                for (const chunk of early) send(server, server.data, chunk);
              },
              data(_server, chunk) {
                if (!isSilent()) send(client, client.data, new Uint8Array(chunk));
              },
              drain(server) {
                drain(server, server.data);
              },
              close(server) {
                open.delete(server);
                client.end();
              },
              error(server) {
                open.delete(server);
                client.end();
              },
            },
          }).catch(() => client.terminate());
        },
        data(client, chunk) {
          if (isSilent()) return;
          const server = client.data.peer;
          if (server) send(server, server.data, new Uint8Array(chunk));
          else client.data.queue.push(new Uint8Array(chunk));
        },
        drain(client) {
          drain(client, client.data);
        },
        close(client) {
          open.delete(client);
          client.data.peer?.end();
        },
        error(client) {
          open.delete(client);
        },
      },
    });
  }

  get port(): number {
    return this.listener.port;
  }

  /** Drops every connection, and closes new ones as they arrive. */
  cut(): void {
    this.#down = true;
    for (const socket of this.#open) socket.terminate();
    this.#open.clear();
  }

  /** Lets nothing through, either way, on open connections and new ones, without closing any. */
  silence(): void {
    this.#silent = true;
  }

  /** Back to passing everything; connections that met the silence are dropped (their statements lost their place). */
  restore(): void {
    this.#down = false;
    if (this.#silent) {
      this.#silent = false;
      for (const socket of this.#open) socket.terminate();
      this.#open.clear();
    }
  }
}
