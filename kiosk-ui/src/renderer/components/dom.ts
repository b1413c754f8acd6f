type Child = Node | string | null | undefined | false;
type Attributes = Record<string, string | number | boolean | null | undefined>;

/** A small element builder: attributes (false/null/undefined left out), then children. */
export function h<K extends keyof HTMLElementTagNameMap>(tag: K, attributes: Attributes = {}, ...children: Child[]): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === false || value === null || value === undefined) continue;
    element.setAttribute(name, value === true ? '' : String(value));
  }
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    element.append(child);
  }
  return element;
}

/** A touch button: `click` is what a tap fires, so no hover or keyboard is needed. */
export function button(label: Child | Child[], onTap: () => void, attributes: Attributes = {}): HTMLButtonElement {
  const element = h('button', { type: 'button', ...attributes }, ...(Array.isArray(label) ? label : [label]));
  element.addEventListener('click', onTap);
  return element;
}

/** A glyph beside words, hidden from screen readers so the words alone are read. */
export function icon(glyph: string, className = 'icon'): HTMLSpanElement {
  return h('span', { class: className, 'aria-hidden': 'true' }, glyph);
}
