import { defineContract } from './contract.js';
import { DeskScanHeld, DeskScanRequest, DeskScanStored } from '../schemas/desk-scans.js';

export const deskScansContracts = {
  recordDeskScan: defineContract({
    mount: 'api',
    method: 'POST',
    path: '/desk-scans',
    operationId: 'recordDeskScan',
    summary: 'Report a card read at a desk reader (extension)',
    description:
      "An extension to the specification, for device agents whose reader is configured for enrolment: the read is never a check-in and opens nothing. Only a desk reader's device key reports reads, under its own device id or one of its readers' (`<device_id>:<reader>`); any other caller is refused with 403 `device_only`. A card or code a member holds answers 200 `held: true`, never who holds it (staff see the holder in the web app). An unknown card answers 201 and is offered to staff enrolling a card at this location for two minutes; the number itself is erased ten minutes after the read, and only its last four characters are ever shown.",
    tag: 'Members',
    scopes: ['checkin:members'],
    body: DeskScanRequest,
    responses: {
      200: { description: 'A member holds the card', schema: DeskScanHeld },
      201: { description: 'An unknown card, stored for enrolment', schema: DeskScanStored },
    },
    errors: ['resource_missing', 'location_not_allowed', 'device_only'],
  }),
};
