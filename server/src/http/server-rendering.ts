import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Logger } from '@nestjs/common';
import type { IncomingMessage } from 'node:http';

/** What the client's renderer (client/src/entry-server.tsx, built into dist/client-ssr) gives back. */
interface RenderedPage {
  html: string;
  title: string | null;
  modules: string[];
  state: { queries: unknown; phone: boolean };
}

interface Renderer {
  renderPage(url: string, apiOrigin: string, phone: boolean): Promise<RenderedPage | null>;
  RENDERS_AFRESH_CHECK: string;
}

/** One entry of Vite's build manifest (dist/client/.vite/manifest.json). */
interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
}

type Manifest = Record<string, ManifestChunk>;

/** The pages rendered for visitors: the home page, the job search and a job (the renderer checks again). */
const RENDERED_PATH = /^\/(?:browse|jobs\/[0-9a-f-]{36})?$/i;

/**
 * A rendered page shows without scripts, so none competes with the style sheets its first paint
 * needs: the entry script (small) is fetched after them (Chrome would rank it as high), and the
 * app's and the route's preloads wait in a template the entry appends once the page is painted
 * (client/src/main.tsx).
 */
const ENTRY_SCRIPT = /<script type="module"/g;
const PRELOADS = /\s*<link rel="modulepreload"[^>]*>/g;

/**
 * The server has no viewport: a browser that calls itself mobile gets the phone layout (cards for
 * tables), which the client keeps until it has hydrated and then follows the viewport.
 */
const MOBILE_AGENT = /Mobi|Android|iPhone|iPad|iPod/i;

/** A page that takes longer is sent unrendered: the client renders it, as it always could. */
const RENDER_TIMEOUT_MS = 2_000;

/** Pages without fetched data (home) depend only on the URL and the phone guess: kept, up to this many. */
const KEPT_PAGES = 200;

/**
 * The public pages' first answer carries their markup, style sheets and data, so a visitor sees
 * the page before any script has run (the client then hydrates it: client/src/main.tsx). Any
 * failure, a missing renderer (a build without it) or a slow render sends the plain client
 * instead: rendering on the server is a speed-up, never a new way for a page to fail.
 */
export class ServerRendering {
  private readonly logger = new Logger('ServerRendering');
  private readonly kept = new Map<string, string>();
  /** index.html as every rendered page starts: the renders-afresh check first, the entry at low priority, no preloads. */
  private readonly shell: string;
  /** index.html's preloads (the app's scripts), sent in the after-paint template. */
  private readonly appPreloads: string;
  /** The style sheets and preloads of each route's module list, walked in the manifest once. */
  private readonly links = new Map<string, { styles: string; preloads: string }>();

  private constructor(
    private readonly template: string,
    private readonly manifest: Manifest,
    private readonly renderer: Renderer,
  ) {
    // The check first: an inline script after the style sheets would wait for them to load.
    const check = `<script nonce="${NONCE}">${renderer.RENDERS_AFRESH_CHECK}</script>`;
    this.appPreloads = (template.match(PRELOADS) ?? []).map((link) => link.trim()).join('');
    this.shell = template.replace('<head>', `<head>${check}`).replace(PRELOADS, '').replace(ENTRY_SCRIPT, '$& fetchpriority="low"');
  }

  /** Null when the build has no renderer or manifest (e.g. a client built before them). */
  static load(clientDirectory: string): ServerRendering | null {
    const rendererFile = join(clientDirectory, '../client-ssr/entry-server.cjs');
    const manifestFile = join(clientDirectory, '.vite/manifest.json');
    if (!existsSync(rendererFile) || !existsSync(manifestFile)) return null;
    const template = readFileSync(join(clientDirectory, 'index.html'), 'utf8');
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- a CommonJS file built beside the server
    return new ServerRendering(template, manifest, require(rendererFile) as Renderer);
  }

  /**
   * The rendered document for this request, or null to send the plain client. `nonce`: the
   * response's CSP nonce, for the one inline script (the renderer's RENDERS_AFRESH_CHECK).
   */
  async page(request: IncomingMessage, nonce: string): Promise<string | null> {
    const url = request.url ?? '/';
    if (!RENDERED_PATH.test(url.split('?', 1)[0])) return null;
    const phone = MOBILE_AGENT.test(request.headers['user-agent'] ?? '');
    const key = `${phone ? 'phone' : 'wide'} ${url}`;
    const kept = this.kept.get(key);
    if (kept) return withNonce(kept, nonce);
    try {
      const page = await withTimeout(this.renderer.renderPage(`http://localhost${url}`, apiOrigin(request), phone));
      if (!page) return null;
      const document = this.document(page);
      if (isEmpty(page.state)) this.keep(key, document);
      return withNonce(document, nonce);
    } catch (error) {
      this.logger.warn(`${url} was sent unrendered: ${error instanceof Error ? error.message : String(error)}`);
      return null;
    }
  }

  private document(page: RenderedPage): string {
    const body = page.html.replace(/^<title>[^<]*<\/title>/, '');
    const { styles, preloads } = this.linksOf(page.modules);
    return this.shell
      .replace(/<title>[^<]*<\/title>/, (title) => (page.title ? `<title>${page.title}</title>` : title))
      .replace('</head>', `${styles}</head>`)
      .replace(
        '<div id="root"></div>',
        `<div id="root" data-server-rendered>${body}</div>` +
          `<template id="after-paint">${this.appPreloads}${preloads}</template>` +
          `<script type="application/json" id="server-state">${scriptJson(page.state)}</script>`,
      );
  }

  private linksOf(modules: string[]): { styles: string; preloads: string } {
    const key = modules.join('\n');
    const known = this.links.get(key);
    if (known) return known;
    const { styles, scripts } = this.files(modules);
    const links = {
      styles: styles.map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`).join(''),
      preloads: scripts.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`).join(''),
    };
    this.links.set(key, links);
    return links;
  }

  /** The modules' style sheets and scripts with everything they import, each once, less what index.html links. */
  private files(modules: string[]): { styles: string[]; scripts: string[] } {
    const styles = new Set<string>();
    const scripts = new Set<string>();
    const seen = new Set<string>();
    const visit = (key: string) => {
      const chunk = this.manifest[key];
      if (!chunk || seen.has(key)) return;
      seen.add(key);
      if (chunk.file.endsWith('.css')) styles.add(chunk.file);
      else if (!this.template.includes(chunk.file)) scripts.add(chunk.file);
      for (const css of chunk.css ?? []) if (!this.template.includes(css)) styles.add(css);
      for (const imported of chunk.imports ?? []) visit(imported);
    };
    modules.forEach(visit);
    return { styles: [...styles], scripts: [...scripts] };
  }

  private keep(key: string, document: string): void {
    if (this.kept.size >= KEPT_PAGES) this.kept.delete(this.kept.keys().next().value!);
    this.kept.set(key, document);
  }
}

/** Where a document (kept for other requests too) takes its response's nonce. */
const NONCE = '__CSP_NONCE__';

function withNonce(document: string, nonce: string): string {
  return document.replace(NONCE, nonce);
}

/** This server's own API, at the address the request came in on. */
function apiOrigin(request: IncomingMessage): string {
  const address = request.socket.localAddress ?? '127.0.0.1';
  const host = address.includes(':') ? `[${address}]` : address;
  return `http://${host}:${request.socket.localPort}`;
}

function withTimeout<T>(work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`rendering took over ${RENDER_TIMEOUT_MS} ms`)), RENDER_TIMEOUT_MS);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

function isEmpty(state: RenderedPage['state']): boolean {
  const queries = (state.queries as { queries?: unknown[] }).queries;
  return !queries || queries.length === 0;
}

/** JSON that cannot end the script element it sits in (`</script>`, `<!--`). */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}
