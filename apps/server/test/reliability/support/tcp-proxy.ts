import { createServer, connect, type Server, type Socket } from 'node:net';

/**
 * A TCP proxy between a server process and PostgreSQL, to take the database away and give it back
 * without touching the PostgreSQL service that other test runs share.
 */
export class TcpProxy {
  readonly port: number;
  readonly #target: { host: string; port: number };
  readonly #sockets = new Set<Socket>();
  #server: Server;
  #accepted = 0;

  private constructor(port: number, target: { host: string; port: number }, server: Server) {
    this.port = port;
    this.#target = target;
    this.#server = server;
  }

  static async start(target: { host: string; port: number }): Promise<TcpProxy> {
    const server = createServer();
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => resolve());
    });
    const proxy = new TcpProxy((server.address() as { port: number }).port, target, server);
    proxy.#serve(server);
    return proxy;
  }

  /** Connections accepted so far. */
  get accepted(): number {
    return this.#accepted;
  }

  /** Connections open now. */
  get open(): number {
    return this.#sockets.size / 2;
  }

  #serve(server: Server) {
    server.on('connection', (client) => {
      this.#accepted += 1;
      const upstream = connect(this.#target.port, this.#target.host);
      this.#sockets.add(client);
      this.#sockets.add(upstream);
      const drop = () => {
        client.destroy();
        upstream.destroy();
        this.#sockets.delete(client);
        this.#sockets.delete(upstream);
      };
      client.on('error', drop).on('close', drop);
      upstream.on('error', drop).on('close', drop);
      client.pipe(upstream);
      upstream.pipe(client);
    });
  }

  /** Resets every proxied connection and refuses new ones (nothing listens on the port) until `restore`. */
  async cut(): Promise<void> {
    await new Promise<void>((resolve) => {
      this.#server.close(() => resolve());
      for (const socket of this.#sockets) socket.resetAndDestroy();
      this.#sockets.clear();
    });
  }

  /** Listens on the same port again. */
  async restore(): Promise<void> {
    const server = createServer();
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    this.#server = server;
    this.#serve(server);
  }

  async close(): Promise<void> {
    await this.cut();
  }
}
