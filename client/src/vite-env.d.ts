/// <reference types="vite/client" />

/** Injected by vite.config.mts `define`: BUILD_ID, else the git short sha, else 'dev'. */
declare const __BUILD_ID__: string;
