/** The browser and system of a User-Agent in a few words ("Firefox on Android"): all a member's list of devices keeps of it. */
export function deviceSummary(userAgent: string | undefined): string | null {
  if (!userAgent) return null;
  const browsers: [RegExp, string][] = [
    [/SamsungBrowser\//, 'Samsung Internet'],
    [/Edg(?:e|A|iOS)?\//, 'Edge'],
    [/OPR\//, 'Opera'],
    [/Firefox\/|FxiOS\//, 'Firefox'],
    [/Chrome\/|CriOS\//, 'Chrome'],
    [/Safari\//, 'Safari'],
  ];
  const systems: [RegExp, string][] = [
    [/Android/, 'Android'],
    [/iPhone|iPad|iPod/, 'iOS'],
    [/Windows/, 'Windows'],
    [/Mac OS X|Macintosh/, 'macOS'],
    [/CrOS/, 'ChromeOS'],
    [/Linux/, 'Linux'],
  ];
  const browser = browsers.find(([pattern]) => pattern.test(userAgent))?.[1];
  const system = systems.find(([pattern]) => pattern.test(userAgent))?.[1];
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? 'Another browser';
}
