// The listener's control interface by channel, for the threads of the listener's own process (the
// scenario workers): the same requests as its control server's and the same answers, without an
// HTTP exchange each (an embedded run makes some 1,400 polls, marks and arms). The listener
// (helpers/listener/server.ts) answers on a BroadcastChannel named after its control token, which
// only the run's own threads are given; each client takes its answers on a channel of its own.
import { randomUUID } from 'node:crypto';
import { BroadcastChannel } from 'node:worker_threads';

export const controlChannelName = (controlToken: string) => `svc-conformance:listener-control:${controlToken}`;

/** A control request: the control server's method, path with its query, and body text. */
export interface ControlMessage {
  id: number;
  /** The channel the answer goes back on: the request channel's name, a colon, and the client's own. */
  replyTo: string;
  method: string;
  path: string;
  body?: string;
}

/** A control answer: the control server's status and JSON body text. */
export interface ControlReply {
  id: number;
  status: number;
  text: string;
}

interface Pending {
  resolve: (reply: ControlReply) => void;
  /** Gives up on the answer at the request's bound. */
  timer: NodeJS.Timeout;
}

/** A client's end: sends requests, matches answers to them, and gives up on one after `timeoutMs`. */
export class ControlChannel {
  private readonly name: string;
  private readonly replies: BroadcastChannel;
  private readonly replyTo: string;
  private readonly pending = new Map<number, Pending>();
  private next = 1;

  constructor(controlToken: string) {
    const name = controlChannelName(controlToken);
    this.name = name;
    this.replyTo = `${name}:${randomUUID()}`;
    this.replies = new BroadcastChannel(this.replyTo);
    this.replies.onmessage = (event) => {
      const reply = (event as { data: ControlReply }).data;
      const waiting = this.pending.get(reply?.id);
      if (!waiting) return;
      this.settle(reply.id);
      waiting.resolve(reply);
    };
    // Kept alive only while an answer is awaited.
    this.replies.unref();
  }

  private settle(id: number): void {
    const waiting = this.pending.get(id);
    if (!waiting) return;
    clearTimeout(waiting.timer);
    this.pending.delete(id);
    if (this.pending.size === 0) this.replies.unref();
  }

  request(method: string, path: string, body: string | undefined, timeoutMs: number): Promise<ControlReply> {
    const id = this.next++;
    return new Promise<ControlReply>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.settle(id);
        reject(new Error(`listener control ${method} ${path}: no answer within ${timeoutMs} ms`));
      }, timeoutMs);
      if (this.pending.size === 0) this.replies.ref();
      this.pending.set(id, { resolve, timer });
      const message: ControlMessage = { id, replyTo: this.replyTo, method, path, ...(body === undefined ? {} : { body }) };
      // Posted on a channel opened for it: a channel kept open would also receive every other
      // client's requests (every instance of a name does), waking each worker for each request.
      // A message posted is delivered after its channel closes.
      const requests = new BroadcastChannel(this.name);
      requests.postMessage(message);
      requests.close();
    });
  }
}
