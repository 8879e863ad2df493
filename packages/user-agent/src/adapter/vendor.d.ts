// ua-parser-js 1.0.x ships no type declarations; this declares only the surface the adapter uses.
declare module 'ua-parser-js' {
  interface IResult {
    ua: string;
    browser: { name?: string; version?: string; major?: string };
    engine: { name?: string; version?: string };
    os: { name?: string; version?: string };
    device: { type?: string; vendor?: string; model?: string };
    cpu: { architecture?: string };
  }
  class UAParser {
    constructor(ua?: string);
    setUA(ua: string): UAParser;
    getResult(): IResult;
  }
  export default UAParser;
}
