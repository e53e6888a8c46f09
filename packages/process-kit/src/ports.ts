/** Loopback ports for the processes the tests, the bench and the scripts start. */
import net, { type AddressInfo } from 'node:net';

/** A TCP port on 127.0.0.1 that nothing listens on now (for a server started on it next). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}
