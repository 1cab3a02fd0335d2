// Types for the parts of the demo's simulated GitHub that the tests use (test/repo/demo.test.ts).

export declare class DemoGitHub {
  constructor(botLogin?: string);
  /** Where it listens once started. */
  url: string;
  /** Serves it on 127.0.0.1; resolves to its URL. */
  start(): Promise<string>;
  stop(): Promise<void>;
}
