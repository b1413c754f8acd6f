/** The member's phone pass key, over its contract (call.ts). */
import { memberPassContracts as contracts } from '@studio/shared/contracts/member-pass';
import type { ContractResult } from '@studio/shared/contracts/contract';
import { call } from './call.ts';

export type MemberPass = ContractResult<typeof contracts.memberOpenPass>;

export const passApi = {
  open: () => call(contracts.memberOpenPass),
};
