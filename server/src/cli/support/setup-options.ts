import { parseWith } from '@studio/shared';
import type { z } from 'zod';
import type { Db } from '../../db/types.js';
import { systemActor, type Actor } from '../../domain/actor.js';
import { chosenCompany, companyScope } from './company-option.js';
import { actorOf } from './owner.js';
import { resolveRef, type RefKind } from './references.js';
import { CliError } from './run.js';

/** Repeatable options (`--staff A --staff B`). */
export const collect = (value: string, previous: string[] = []) => [...previous, value];

/** A whole number option, or a CliError naming it. */
export function wholeNumber(option: string) {
  return (value: string): number => {
    if (!/^\d+$/.test(value)) throw new CliError(`${option} ${value}: expected a whole number`);
    return Number(value);
  };
}

/** The options as the setup schema's fields, checked by it (the import's rules); a refusal names the option. */
export function checkedInput<S extends z.ZodType>(schema: S, input: Record<string, unknown>, optionOf: Record<string, string>): z.output<S> {
  const defined = Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined));
  try {
    return parseWith(schema, defined);
  } catch (error) {
    const param = (error as { param?: string }).param;
    const option = param === undefined ? undefined : optionOf[param.split('.')[0]!];
    if (option) throw new CliError(`${option}: ${(error as Error).message}`);
    throw error;
  }
}

/**
 * What a setup list or create acts on: the location named (its company's business), or, without
 * one, the company `--company` names or the database's only one.
 */
export async function setupScope(db: Db, location: string | undefined, company: string | undefined): Promise<{ actor: Actor; locationId?: string }> {
  if (location === undefined) return { actor: systemActor(await chosenCompany(db, company), 'studio CLI') };
  const locationId = await resolveRef(db, 'location', location, await companyScope(db, company));
  return { actor: await actorOf(db, 'locations', locationId), locationId };
}

/** Ids of other objects of the actor's company, each named as `resolveRef` accepts. */
export async function refsIn(db: Db, actor: Actor, kind: RefKind, texts: readonly string[] | undefined): Promise<string[] | undefined> {
  if (texts === undefined) return undefined;
  return Promise.all(texts.map((text) => resolveRef(db, kind, text, { companyId: actor.companyId })));
}
