/// <reference types="vite/client" />

/** Injected by vite.config.ts `define`: BUILD_ID, else the git short sha, else 'dev'. */
declare const __BUILD_ID__: string;
