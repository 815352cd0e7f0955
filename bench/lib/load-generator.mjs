// The HTTP load generator of the latency benches, as a process of its own (bench/lib/http-latency.ts starts it), so the
// load does not share the measured server's event loop or heap. Reads its task as JSON from argv[2]:
//   { url, connections, seconds, requests: [{ method, path }], headers? }
// and prints autocannon's result as one JSON line on stdout.
import autocannon from 'autocannon';

const task = JSON.parse(process.argv[2]);
autocannon(
  { url: task.url, connections: task.connections, duration: task.seconds, requests: task.requests, ...(task.headers ? { headers: task.headers } : {}) },
  (error, result) => {
    if (error) {
      console.error(error);
      process.exit(1);
    }
    process.stdout.write(`${JSON.stringify(result)}\n`);
  },
);
