import { execSync } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const clientRoot = dirname(fileURLToPath(import.meta.url));
const API_TARGET = process.env.API_PROXY_TARGET ?? 'http://localhost:3000';

/** BUILD_ID from the environment, else the git short sha, else 'dev'. Shown as 'v<id>' in production. */
function buildId(): string {
  if (process.env.BUILD_ID) return process.env.BUILD_ID;
  try {
    return execSync('git rev-parse --short HEAD', { cwd: clientRoot, stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .trim();
  } catch {
    return 'dev';
  }
}

/**
 * Writes a brotli (.br) and a gzip (.gz) copy beside every emitted script and style sheet of 1 kB
 * or more, at the best ratios: the server sends them as they are (server/src/http/client-files.ts),
 * so nothing is compressed per request. Smaller files gain nothing worth a second file.
 */
function precompress(): Plugin {
  return {
    name: 'tenens:precompress',
    apply: 'build',
    async writeBundle({ dir }, bundle) {
      const outDir = dir ?? '.';
      const files = Object.keys(bundle).filter((name) => /\.(js|css|svg)$/.test(name));
      for (const name of files) {
        const path = join(outDir, name);
        const source = await readFile(path);
        if (source.length < 1024) continue;
        const brotliParams = { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: source.length };
        await writeFile(`${path}.br`, brotliCompressSync(source, { params: brotliParams }));
        await writeFile(`${path}.gz`, gzipSync(source, { level: 9 }));
      }
    },
  };
}

/**
 * `vite build` makes the browser's client; `vite build --ssr src/entry-server.tsx` the server's
 * renderer of the public pages (dist/client-ssr, one CommonJS file the compiled server requires).
 */
/**
 * main.tsx imports the app (src/boot.tsx) dynamically, so a server-rendered page paints before
 * the app's code is evaluated. index.html still names everything the app needs up front: its
 * style sheets as links (the first paint needs them) and its scripts as modulepreloads (fetched
 * and compiled at once, evaluated when main.tsx asks).
 */
function linkBoot(): Plugin {
  return {
    name: 'tenens:link-boot',
    apply: 'build',
    // After Vite's own HTML plugin has written index.html into the bundle.
    enforce: 'post',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((file) => file.type === 'chunk');
      const boot = chunks.find((chunk) => chunk.facadeModuleId?.endsWith('/src/boot.tsx'));
      const page = bundle['index.html'];
      if (!boot || !page || page.type !== 'asset') return;
      const scripts = new Set<string>();
      const styles = new Set<string>();
      const visit = (fileName: string) => {
        const chunk = chunks.find((candidate) => candidate.fileName === fileName);
        if (!chunk || scripts.has(fileName)) return;
        scripts.add(fileName);
        chunk.viteMetadata?.importedCss.forEach((css) => styles.add(css));
        chunk.imports.forEach(visit);
      };
      visit(boot.fileName);
      const html = String(page.source);
      const links = [
        ...[...styles].filter((file) => !html.includes(file)).map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`),
        ...[...scripts].filter((file) => !html.includes(file)).map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
      ];
      page.source = html.replace('</head>', `  ${links.join('\n    ')}\n  </head>`);
    },
  };
}

/**
 * A chunk loaded with import() is preloaded with its whole static import graph (Vite's helper adds a
 * <link rel="modulepreload"> per file), including the files the importing chunk has already loaded
 * through its own static imports. Each such link still costs the browser a fetch from cache on the
 * main thread: on a phone, the burger menu's import alone added 20 of them within one long task.
 * The importer's static graph is evaluated before its import() can run, so those are dropped.
 * The entry's one import, the app, gets none: index.html (linkBoot) and a rendered page's held-back
 * preloads already name all of its files.
 */
function preloadOnlyMissing(): Plugin {
  const importsOf = new Map<string, string[]>();
  const entries = new Set<string>();
  const staticGraph = (fileName: string, seen = new Set<string>()) => {
    if (seen.has(fileName)) return seen;
    seen.add(fileName);
    importsOf.get(fileName)?.forEach((file) => staticGraph(file, seen));
    return seen;
  };
  return {
    name: 'tenens:preload-only-missing',
    apply: 'build',
    config: () => ({
      build: {
        modulePreload: {
          resolveDependencies: (_file, deps, { hostId, hostType }) => {
            if (hostType !== 'js') return deps;
            if (entries.has(hostId)) return [];
            const loaded = staticGraph(hostId);
            return deps.filter((dep) => !loaded.has(dep));
          },
        },
      },
    }),
    // Runs before Vite's own import analysis (a core post plugin), which calls resolveDependencies.
    enforce: 'post',
    generateBundle(_options, bundle) {
      importsOf.clear();
      entries.clear();
      for (const file of Object.values(bundle)) {
        if (file.type !== 'chunk') continue;
        importsOf.set(file.fileName, file.imports);
        if (file.isEntry) entries.add(file.fileName);
      }
    },
  };
}

/**
 * What every page needs (React, the router, the query cache, the session store, the icons'
 * factory): one file compresses better than the pieces the dynamic boot would split them into.
 */
const FRAMEWORK = [
  'react/',
  'react-dom/',
  'scheduler/',
  'react-router/',
  '@tanstack/',
  'jotai/',
  '@tabler/icons-react/dist/esm/createReactComponent',
  '@tabler/icons-react/dist/esm/defaultAttributes',
].map((path) => `/node_modules/${path}`);

const isFramework = (id: string) => FRAMEWORK.some((path) => id.includes(path));

/**
 * The Mantine components every page's shell renders (the layouts and the page loader): one file,
 * rather than pieces of a few hundred bytes that the build would otherwise split off as pages
 * that also use them are added.
 */
const SHELL_COMPONENTS = ['Box', 'Text', 'Loader', 'Stack', 'Center', 'UnstyledButton'].map(
  (name) => `/node_modules/@mantine/core/esm/components/${name}/`,
);

const isShellComponent = (id: string) => SHELL_COMPONENTS.some((path) => id.includes(path));

export default defineConfig(({ isSsrBuild }) => ({
  root: clientRoot,
  plugins: [react(), linkBoot(), preloadOnlyMissing(), precompress()],
  resolve: {
    alias: {
      '@': resolve(clientRoot, 'src'),
      '@domain': resolve(clientRoot, '../server/src/domain'),
    },
  },
  define: {
    __BUILD_ID__: JSON.stringify(buildId()),
  },
  server: {
    proxy: {
      '/api': { target: API_TARGET, changeOrigin: true },
      '/socket.io': { target: API_TARGET, ws: true, changeOrigin: true },
    },
  },
  // The renderer carries its dependencies: the server loads one file, whatever is installed beside it.
  ssr: { noExternal: true },
  publicDir: isSsrBuild ? false : 'public',
  build: {
    outDir: resolve(clientRoot, isSsrBuild ? '../dist/client-ssr' : '../dist/client'),
    emptyOutDir: true,
    // Where each route's files are: the server links a rendered page's style sheets and scripts.
    manifest: !isSsrBuild,
    // No source maps in the build: they would publish the client's source. The dev server has its own.
    sourcemap: false,
    // Every browser we support preloads modules natively; the polyfill would cost every first visit.
    modulePreload: { polyfill: false },
    rollupOptions: {
      // The shared domain only declares (rules, zod schemas, messages): a page that uses one of a
      // module's names does not build the schemas it never uses.
      treeshake: { moduleSideEffects: (id: string) => !id.includes('/server/src/domain/') },
      output: isSsrBuild
        ? undefined
        : {
            codeSplitting: {
              groups: [
                { name: 'framework', test: isFramework },
                { name: 'shell', test: isShellComponent },
              ],
            },
          },
    },
    ...(isSsrBuild && {
      rollupOptions: { output: { format: 'cjs', entryFileNames: '[name].cjs', codeSplitting: false } },
    }),
  },
}));
