import { useOwnerAtNorth } from '@studio/testkit/web/owner-at-north';
import { webSeed } from '@studio/testkit/web/seed-business';
import { labelled } from '@studio/testkit/web/staff-page';
import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';

/**
 * The staff web app in Spanish: an owner who chose Español on the Account page walks the main pages
 * (Today, Members and a member's page with the Sell dialog, Classes, Appointments, Setup, Devices,
 * Developers, Staff, Account) and finds them in Spanish, with dates and money as Spanish is written
 * at the seeded studio in Ireland (es-IE: "49,00 €", "7 dic 2026"); axe and screenshots at both
 * sizes for each, and nothing wider than the 1024 px tablet. The Spanish words are written out here,
 * not read from the catalogs, so a wrong catalog entry fails. Real `studio serve` (SQLite), Debian's
 * Chromium; the steps build on each other.
 */
const world = useOwnerAtNorth();
const page = () => world.desk.page;
const { northPlan, northMember } = webSeed;
const newMember = { firstName: 'Lucía', lastName: 'Fernández', email: 'lucia@example.com' };
/** An amount of euros as Spanish writes it: a decimal comma, and the sign after a no-break space ("49,00 €"). */
const euros = (amount: string) => `${amount}\u00a0€`;
/** A date as Spanish writes it in short form: "7 dic 2026" ("sept" for September). */
const spanishDay = /\d{1,2} (ene|feb|mar|abr|may|jun|jul|ago|sept?|oct|nov|dic) \d{4}/;
/** A date and time the same way: "7 dic 2026, 14:05". */
const spanishDayTime = new RegExp(`${spanishDay.source}, \\d{2}:\\d{2}`);

const mainNav = () => page().getByRole('navigation', { name: 'Principal' });
const section = (name: string): Locator => page().locator('section', { has: world.desk.heading(name, 2) });

async function openMain(link: string, heading = link): Promise<void> {
  await mainNav().getByRole('link', { name: link, exact: true }).click();
  await world.desk.heading(heading).waitFor();
}

/** Screenshots and axe at both sizes, then the page at the tablet's 1024 px: nothing wider than the window. */
async function look(name: string): Promise<void> {
  await world.desk.check(`es-${name}`);
  const size = page().viewportSize();
  await page().setViewportSize({ width: 1024, height: 768 });
  try {
    await page().evaluate('new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))');
    const [scroll, client] = (await page().evaluate('[document.documentElement.scrollWidth, document.documentElement.clientWidth]')) as [number, number];
    expect(scroll, `${name} is wider than a 1024 px tablet`).toBeLessThanOrEqual(client);
  } finally {
    if (size) await page().setViewportSize(size);
  }
}

describe('the web app in Spanish', () => {
  it('switches to Español on the Account page, which then speaks Spanish', async () => {
    await world.desk.open('Account');
    await world.desk.choose('Language', 'Español');
    await openMain('Cuenta');
    expect(await page().locator('html').getAttribute('lang')).toBe('es');
    await page().getByRole('banner').getByRole('button', { name: 'Cerrar sesión' }).waitFor();
    await page().getByRole('heading', { name: 'Dónde tienes la sesión iniciada' }).waitFor();
    const sessions = page().getByRole('table', { name: 'Tus sesiones' });
    await sessions.getByRole('columnheader', { name: 'Última actividad' }).waitFor();
    const mine = sessions.getByRole('row').filter({ hasText: 'Este navegador' });
    expect(await mine.textContent()).toMatch(spanishDayTime);
    await world.desk.button('Cerrar sesión en todas partes').waitFor();
    await labelled(page(), 'Idioma').waitFor();
    await look('account');
  });

  it('shows Today in Spanish', async () => {
    await openMain('Hoy');
    for (const figure of ['Entradas de hoy', 'Rechazos de hoy', 'Dentro ahora (estimación)']) await page().getByText(figure, { exact: true }).waitFor();
    await page().getByText('Todavía no hay entradas hoy en North. Aparecen aquí a medida que llegan los miembros.').waitFor();
    await page().getByRole('banner').getByRole('combobox', { name: 'Buscar miembros' }).waitFor();
    await look('today');
  });

  it('lists members in Spanish and adds one through the New member dialog', async () => {
    await openMain('Miembros');
    await page().getByRole('radiogroup', { name: 'Membresía' }).getByText('Sin membresía', { exact: true }).waitFor();
    const table = page().getByRole('table', { name: 'Miembros encontrados' });
    await table.getByRole('columnheader', { name: 'Última visita' }).waitFor();
    const nora = table.getByRole('row').filter({ hasText: `${northMember.firstName} ${northMember.lastName}` });
    expect(await nora.textContent()).toContain('Activa');
    await look('members');

    await world.desk.button('Nuevo miembro').click();
    const dialog = world.desk.dialog('Nuevo miembro');
    await labelled(dialog, 'Nombre').fill(newMember.firstName);
    await labelled(dialog, 'Apellidos').fill(newMember.lastName);
    await labelled(dialog, 'Correo').fill(newMember.email);
    await look('new-member');
    await dialog.getByRole('button', { name: 'Crear miembro' }).click();
    await world.desk.heading(`${newMember.firstName} ${newMember.lastName}`).waitFor();
    for (const name of ['Membresías', 'Tarjetas', 'Visitas', 'Entradas rechazadas']) await world.desk.heading(name, 2).waitFor();
    await page().getByText('Aún no hay membresía ni bono: usa Vender.').waitFor();
    await page().getByText('Aún no hay visitas.').waitFor();
    await look('member');
  });

  it("sells a plan on the member's page, its price and start written the Spanish way", async () => {
    await world.desk.button('Vender').click();
    const dialog = world.desk.dialog('Vender');
    // Money at an Irish studio in Spanish: a decimal comma and the euro sign after the amount.
    await world.desk.choose('Plan', `${northPlan.name}, ${euros('49,00')}`, dialog);
    await labelled(dialog, 'Fecha de inicio').waitFor();
    await dialog.getByText('Según el calendario de North').waitFor();
    const review = dialog.getByText(`${northPlan.name} por ${euros('49,00')}, se renueva cada mes, desde el`);
    expect(await review.textContent()).toMatch(new RegExp(`desde el ${spanishDay.source}\\. Cobra en el terminal de recepción\\.$`));
    await look('sell');
    await dialog.getByRole('button', { name: `Vender ${northPlan.name}, ${euros('49,00')}` }).click();
    await dialog.waitFor({ state: 'hidden' });

    const memberships = section('Membresías');
    await memberships.getByText(northPlan.name).waitFor();
    expect(await memberships.textContent()).toContain('Activa');
    expect(await memberships.textContent()).toMatch(new RegExp(`se renueva el ${spanishDay.source}`));
    await page().getByText(`Puede entrar: ${northPlan.name}.`).waitFor();
    await look('member-sold');
  });

  it('shows the Classes timetable in Spanish, its week in Spanish dates', async () => {
    await openMain('Clases');
    await page().getByRole('link', { name: 'Nueva serie' }).waitFor();
    await world.desk.button('Nueva clase').waitFor();
    await world.desk.button('Semana anterior').waitFor();
    const days = page().getByRole('list', { name: 'Horario semanal' }).getByRole('listitem');
    await days.first().waitFor();
    expect(await days.count()).toBe(7);
    // The days named in Spanish ("lunes, 7 de diciembre"), each empty.
    expect(await days.first().getAttribute('aria-label')).toMatch(/^(lunes|martes|miércoles|jueves|viernes|sábado|domingo), \d{1,2} de [a-z]+$/);
    expect(await days.first().textContent()).toContain('Sin clases');
    const range = page().getByText(/^Semana del /);
    expect(await range.textContent()).toMatch(new RegExp(`^Semana del ${spanishDay.source} al ${spanishDay.source}, hora de North \\(`));
    await world.desk.heading('Series semanales', 2).waitFor();
    await page().getByText('Aún no hay series semanales en este centro', { exact: false }).waitFor();
    await look('classes');
  });

  it('shows Appointments in Spanish', async () => {
    await openMain('Citas');
    await world.desk.button('Nueva reserva').waitFor();
    await world.desk.button('Día anterior').waitFor();
    await labelled(page(), 'Fecha').waitFor();
    await page()
      .getByText(/, horas de North \(/)
      .waitFor();
    await page().getByText('Aún no trabaja nadie en este centro', { exact: false }).waitFor();
    await look('appointments');
  });

  it('shows Setup in Spanish: the locations page and the plans, with a plan added', async () => {
    await openMain('Configuración', 'Centros');
    const setupNav = page().getByRole('navigation', { name: 'Configuración' });
    const rules = page().getByRole('form', { name: 'Reglas del centro' });
    await rules.getByRole('heading', { name: 'Avisos al entrar' }).waitFor();
    await rules.getByRole('button', { name: 'Guardar reglas' }).waitFor();
    // The zone's local time now, in Spanish: a Spanish weekday and the 24-hour clock.
    expect(
      await page()
        .getByText(/Hora local allí ahora:/)
        .textContent(),
    ).toMatch(/(lunes|martes|miércoles|jueves|viernes|sábado|domingo).*\d{2}:\d{2}/);
    await look('setup-locations');

    await setupNav.getByRole('link', { name: 'Planes', exact: true }).click();
    await world.desk.heading('Planes de membresía').waitFor();
    const table = page().getByRole('table', { name: 'Planes de membresía' });
    await table.getByRole('columnheader', { name: 'Facturación' }).waitFor();
    const unlimited = table.getByRole('row').filter({ hasText: northPlan.name });
    expect(await unlimited.textContent()).toContain(euros('49,00'));
    expect(await unlimited.textContent()).toContain('Mensual');
    expect(await table.getByRole('row').filter({ hasText: 'Ten Visits' }).textContent()).toContain('10 visitas al mes');

    await world.desk.button('Añadir plan').click();
    const dialog = world.desk.dialog('Añadir plan');
    await labelled(dialog, 'Nombre del plan').fill('Diez al mes');
    await labelled(dialog, 'Precio (EUR)').fill('75,50');
    await labelled(dialog, 'Límite de visitas').fill('1');
    await world.desk.choose('Visitas contadas por', 'Semana', dialog);
    await look('setup-plan-dialog');
    await dialog.getByRole('button', { name: 'Añadir plan' }).click();
    const added = table.getByRole('row').filter({ hasText: 'Diez al mes' });
    await added.waitFor();
    expect(await added.textContent()).toContain(euros('75,50'));
    // The limit as an ICU plural in its "one" form.
    expect(await added.textContent()).toContain('1 visita a la semana');
    await look('setup-plans');
  });

  it('shows Devices in Spanish, with its device-key dialog', async () => {
    await openMain('Dispositivos');
    await page().getByText('Aún no ha informado ningún agente en North.', { exact: false }).waitFor();
    await look('devices');
    await world.desk.button('Crear clave de dispositivo').click();
    const dialog = world.desk.dialog('Crear clave de dispositivo');
    await labelled(dialog, 'ID del dispositivo').waitFor();
    await look('device-key-dialog');
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await dialog.waitFor({ state: 'hidden' });
  });

  it('shows Developers in Spanish', async () => {
    await openMain('Desarrolladores');
    await world.desk.heading('Claves de API', 2).waitFor();
    await world.desk.heading('Webhooks', 2).waitFor();
    await world.desk.button('Crear clave').waitFor();
    await page().getByText('Aún no hay claves: crea una para cada programa que necesite acceso', { exact: false }).waitFor();
    await look('developers');
  });

  it('shows Staff in Spanish: the owner, the roles and the recent changes with who and when in Spanish', async () => {
    await openMain('Personal');
    const staff = page().getByRole('table', { name: 'Cuentas del personal' });
    await staff.getByRole('cell', { name: 'Propietario', exact: true }).waitFor();
    await staff.getByRole('cell', { name: 'Todos los centros', exact: true }).waitFor();
    const changes = page().getByRole('table', { name: 'Cambios recientes' });
    // Who acted, in Spanish too: the server sends who it was, the app says it.
    const created = changes.getByRole('row').filter({ hasText: 'Propietario creado' });
    expect(await created.textContent()).toMatch(spanishDayTime);
    expect(await created.textContent()).toContain('El enlace de configuración');
    expect(await changes.getByRole('row').filter({ hasText: 'Enlace de configuración creado' }).textContent()).toContain('Línea de comandos');
    await look('staff');

    await world.desk.button('Añadir persona').click();
    const adding = world.desk.dialog('Añadir persona');
    await adding.getByRole('combobox', { name: 'Rol' }).waitFor();
    await world.desk.check('es-staff-add', { show: adding });
    await adding.getByRole('button', { name: 'Cancelar' }).click();
    await adding.waitFor({ state: 'hidden' });
  });
});
