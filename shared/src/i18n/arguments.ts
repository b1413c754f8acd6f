import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';

function collect(elements: MessageFormatElement[], found: Set<string>): Set<string> {
  for (const element of elements) {
    if (element.type === TYPE.argument || element.type === TYPE.number || element.type === TYPE.date || element.type === TYPE.time) found.add(element.value);
    if (element.type === TYPE.plural || element.type === TYPE.select) {
      found.add(element.value);
      for (const option of Object.values(element.options)) collect(option.value, found);
    }
    if (element.type === TYPE.tag) collect(element.children, found);
  }
  return found;
}

/**
 * The values an ICU message fills (`{name}`, `{count, plural, …}`), sorted; throws on a message that
 * does not parse. A translation must fill the same values as its English message: the catalog tests
 * of every app check it with this.
 */
export function messageArguments(message: string): string[] {
  return [...collect(parse(message, { ignoreTag: true }), new Set())].sort();
}
