export declare function chromiumLaunchOptions(): { executablePath?: string; args: string[] };
