export declare const NO_BROWSER_MESSAGE: string;
export declare function findChromium(
  env?: Record<string, string | undefined>,
  exists?: (path: string) => boolean,
): { executablePath: string | undefined; source: 'CHROMIUM_PATH' | 'debian' | 'playwright' } | null;
