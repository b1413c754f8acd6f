import type { Logger } from 'pino';
import { ipcRequests, type IpcError, type IpcReply, type IpcReplyValue, type IpcRequest, type IpcRequestName } from '../ipc-contract.js';
import { KioskApiError } from '../local-api/errors.js';
import type { IpcMainInvokeEventSlice, IpcMainSlice } from './electron-api.js';

/** What main does for each request once the sender and payload are checked. */
export type IpcActions = { [N in IpcRequestName]: (request: IpcRequest<N>) => Promise<IpcReplyValue<N>> };

export interface IpcHandlerOptions {
  ipcMain: IpcMainSlice;
  actions: IpcActions;
  /** True only for the kiosk window's top frame at the renderer's origin. */
  isTrustedSender(event: IpcMainInvokeEventSlice): boolean;
  logger: Logger;
}

/**
 * One handler per channel of the contract. Each checks who sent the message and parses the payload
 * with the channel's schema before acting, and answers an envelope, never a thrown error.
 * Returns the function that removes them.
 */
export function registerIpcHandlers(options: IpcHandlerOptions): () => void {
  const names = Object.keys(ipcRequests) as IpcRequestName[];
  for (const name of names) {
    options.ipcMain.handle(ipcRequests[name].channel, (event, ...args) => handle(name, event, args, options));
  }
  return () => {
    for (const name of names) options.ipcMain.removeHandler(ipcRequests[name].channel);
  };
}

async function handle<N extends IpcRequestName>(name: N, event: IpcMainInvokeEventSlice, args: unknown[], options: IpcHandlerOptions): Promise<IpcReply<IpcReplyValue<N>>> {
  const logger = options.logger;
  if (!options.isTrustedSender(event)) {
    logger.warn({ request: name, frame: event.senderFrame?.url ?? null }, 'refused IPC from a sender that is not the kiosk');
    return refuse('sender_not_allowed', 'This frame may not use the kiosk.');
  }
  const request = args.length <= 1 ? ipcRequests[name].request.safeParse(args[0]) : null;
  if (!request?.success) {
    const issue = request?.error.issues[0];
    logger.warn({ request: name, path: issue?.path.join('.') }, 'refused an IPC payload off its schema');
    return refuse('invalid_request', `The ${name} request is not valid${issue ? `: ${issue.message}` : ''}.`);
  }
  try {
    const action = options.actions[name] as (request: unknown) => Promise<IpcReplyValue<N>>;
    return { ok: true, value: await action(request.data) };
  } catch (error) {
    if (error instanceof KioskApiError) return refuse(error.code, error.message);
    logger.error({ request: name, err: error instanceof Error ? error.message : String(error) }, 'IPC action failed');
    return refuse('internal_error', 'The kiosk shell failed to answer.');
  }
}

function refuse(code: string, message: string): { ok: false; error: IpcError } {
  return { ok: false, error: { code, message } };
}
