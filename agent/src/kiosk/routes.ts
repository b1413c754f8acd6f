import { ApiError } from '@studio/shared';
import { KioskCheckIn, KioskClassQuery, KioskScanTarget, type KioskAnswer, type KioskClassDetail, type KioskConflicts, type KioskStatus, type KioskTimetable } from '@studio/shared/kiosk';
import { requireLoopbackHost } from '../local-api/host-guard.js';
import type { LocalApi } from '../local-api/local-api.js';
import { readBody, readQuery } from '../local-api/request-body.js';
import type { RouteHandler } from '../local-api/router.js';
import { addRendererRoutes } from './renderer-route.js';

/** What the kiosk's routes ask of the kiosk (kiosk.ts). */
export interface KioskApi {
  status(): KioskStatus;
  timetable(): Promise<KioskTimetable>;
  /** Null: no such class, here or on the server. */
  classDetail(id: string): Promise<KioskClassDetail | null>;
  tapCheckIn(request: KioskCheckIn): Promise<KioskAnswer | null>;
  setScanTarget(classId: string | null): Promise<boolean>;
  conflicts(): KioskConflicts;
}

const classMissing = (id: string) => new ApiError('resource_missing', `No class ${id} at this kiosk.`, { param: 'class_id' });

/** The routes of shared/src/schemas/kiosk.ts on the agent's local API; every input validated by its shared schema. */
export function addKioskRoutes(api: LocalApi, kiosk: KioskApi, rendererDir: string | undefined): void {
  const guarded =
    (handler: RouteHandler): RouteHandler =>
    (req, res) => {
      requireLoopbackHost(req.headers.host);
      return handler(req, res);
    };
  api.router
    .add(
      'GET',
      '/kiosk/api/status',
      guarded(() => ({ body: kiosk.status() })),
    )
    .add(
      'GET',
      '/kiosk/api/classes',
      guarded(async () => ({ body: await kiosk.timetable() })),
    )
    .add(
      'GET',
      '/kiosk/api/class',
      guarded(async (req) => {
        const { id } = readQuery(req, KioskClassQuery);
        const detail = await kiosk.classDetail(id);
        if (!detail) throw new ApiError('resource_missing', `No class ${id} at this kiosk.`, { param: 'id' });
        return { body: detail };
      }),
    )
    .add(
      'POST',
      '/kiosk/api/check-in',
      guarded(async (req) => {
        const request = await readBody(req, KioskCheckIn);
        const answer = await kiosk.tapCheckIn(request);
        if (!answer) throw classMissing(request.class_id);
        return { body: answer };
      }),
    )
    .add(
      'POST',
      '/kiosk/api/scan-target',
      guarded(async (req) => {
        const { class_id } = await readBody(req, KioskScanTarget);
        if (!(await kiosk.setScanTarget(class_id))) throw classMissing(class_id!);
        return { body: { class_id } };
      }),
    )
    .add(
      'GET',
      '/kiosk/api/conflicts',
      guarded(() => ({ body: kiosk.conflicts() })),
    );
  // The events route streams, so its guard runs before the stream opens; its slots are reserved, so
  // other clients of the local API holding every stream they may still leave the kiosk its own.
  api.addEventStream('/kiosk/api/events', { 'kiosk-answer': 'answer', 'kiosk-status': 'status' }, { guard: requireLoopbackHost, reserved: true });
  addRendererRoutes(api.router, requireLoopbackHost, rendererDir);
}
