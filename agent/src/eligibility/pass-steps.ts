import type { AgentDatabase } from '../store/database.js';

/**
 * The replay rule of phone passes (docs/phone-pass.md): the last time step accepted per member, in
 * the agent's store so it outlives a restart. A code at or before it is refused as used.
 */
export class PassSteps {
  private readonly statements;

  constructor(db: AgentDatabase) {
    this.statements = {
      last: db.prepare<[string], { step: number }>('select step from pass_steps where contact_id = ?'),
      // One statement: of two lanes checking the same code at once, exactly one moves the step on.
      advance: db.prepare('insert into pass_steps (contact_id, step) values (?, ?) on conflict (contact_id) do update set step = excluded.step where pass_steps.step < excluded.step'),
    };
  }

  last(contactId: string): number | null {
    return this.statements.last.get(contactId)?.step ?? null;
  }

  /** Records `step` as the member's last accepted one; false when it is not past the last (the code was used meanwhile). */
  advance(contactId: string, step: number): boolean {
    return this.statements.advance.run(contactId, step).changes === 1;
  }
}
