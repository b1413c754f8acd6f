import { contracts } from '@studio/shared/contracts';
import { implement } from '../../http/route.js';
import { recordDeskScan } from './service.js';

/** Reads of desk readers, for enrolling cards from the staff web app (issue 17). */
export const deskScanRoutes = [implement(contracts.recordDeskScan, async ({ db, actor, body }) => recordDeskScan(db, actor, body))];
