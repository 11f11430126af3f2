import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildTestApp } from '../../test/build-test-app.ts';
import type { JobRunner } from './jobs/job-runner.ts';
import { addModuleHooks, editableSettingsOf, type PlatformModule, registerModules, servicesOf } from './module.ts';
import { defineSetting } from './settings/settings.service.ts';

/**
 * The module shape (docs/decisions/0012-one-module-shape.md), checked on the source: every folder
 * under modules/ is built by a `create<Name>Module` factory in a `*.module.ts` file that returns a
 * `PlatformModule`, app.ts lists every factory, and only a module's own files register its routes.
 */

const MODULES_DIR = path.dirname(fileURLToPath(import.meta.url));
const APP_FILE = path.join(MODULES_DIR, '..', 'app.ts');

/** Folders under modules/ that are not modules, with the reason. */
const NOT_MODULES: Readonly<Record<string, string>> = {
  jobs: 'the job runner is infrastructure: app.ts builds it before the modules, and each module registers its jobs with it',
};

const ROUTES_FILE = /(?:\.|-)routes\.ts$/;
const FACTORY = /export\s+(?:async\s+)?function\s+(create[A-Z]\w*Module)\s*\(/g;

const folders = readdirSync(MODULES_DIR, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

function sourceFilesOf(folder: string): string[] {
  return readdirSync(path.join(MODULES_DIR, folder))
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
    .sort();
}

/** The module specifiers a file imports (static, dynamic and re-exports). */
function importsOf(source: string): string[] {
  const specifiers: string[] = [];
  for (const match of source.matchAll(/(?:\bfrom\s+|\bimport\s*\(\s*|\bimport\s+)'([^']+)'/g)) specifiers.push(match[1] as string);
  return specifiers;
}

/** For a relative import from modules/<folder>/, the other module folder it reaches and the file, if any. */
function otherModuleOf(folder: string, specifier: string): { folder: string; file: string } | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const target = path.relative(MODULES_DIR, path.resolve(MODULES_DIR, folder, specifier));
  const [targetFolder, ...rest] = target.split(path.sep);
  if (!targetFolder || targetFolder === folder || targetFolder.startsWith('..') || rest.length === 0) return undefined;
  return { folder: targetFolder, file: rest.join('/') };
}

describe('the module shape', () => {
  it('finds the module folders', () => {
    expect(folders.length).toBeGreaterThan(20);
  });

  it('gives every module folder a *.module.ts with a create<Name>Module factory returning a PlatformModule', () => {
    const problems: string[] = [];
    for (const folder of folders) {
      if (NOT_MODULES[folder]) continue;
      const moduleFiles = sourceFilesOf(folder).filter((file) => file.endsWith('.module.ts'));
      if (moduleFiles.length === 0) problems.push(`modules/${folder}: no *.module.ts`);
      for (const file of moduleFiles) {
        const source = readFileSync(path.join(MODULES_DIR, folder, file), 'utf8');
        if ([...source.matchAll(FACTORY)].length === 0) problems.push(`modules/${folder}/${file}: exports no create<Name>Module factory`);
        if (!/\bPlatformModule</.test(source))
          problems.push(`modules/${folder}/${file}: the factory does not return a PlatformModule<Name, Service>`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('lists every module factory in app.ts, which registers no routes file itself', () => {
    const app = readFileSync(APP_FILE, 'utf8');
    const problems: string[] = [];
    for (const folder of folders) {
      for (const file of sourceFilesOf(folder).filter((f) => f.endsWith('.module.ts'))) {
        const source = readFileSync(path.join(MODULES_DIR, folder, file), 'utf8');
        for (const [, factory] of source.matchAll(FACTORY)) {
          if (!new RegExp(`\\b${factory}\\(`).test(app)) problems.push(`app.ts does not build ${factory} (modules/${folder}/${file})`);
        }
      }
    }
    for (const specifier of importsOf(app)) {
      if (ROUTES_FILE.test(specifier))
        problems.push(`app.ts imports a routes file (${specifier}); a module's factory registers its routes`);
    }
    expect(problems).toEqual([]);
  });

  it("lets no module import another module's routes or module file", () => {
    const problems: string[] = [];
    for (const folder of folders) {
      for (const file of sourceFilesOf(folder)) {
        const source = readFileSync(path.join(MODULES_DIR, folder, file), 'utf8');
        for (const specifier of importsOf(source)) {
          const other = otherModuleOf(folder, specifier);
          if (!other) continue;
          if (ROUTES_FILE.test(other.file)) problems.push(`modules/${folder}/${file} imports modules/${other.folder}/${other.file}`);
          if (other.file.endsWith('.module.ts')) problems.push(`modules/${folder}/${file} imports modules/${other.folder}/${other.file}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });
});

describe('registerModules and its helpers', () => {
  const noJobs = { schedule: async () => {} } as unknown as JobRunner;

  function bareApp() {
    const app = Fastify({ logger: false });
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    return app;
  }

  it('registers routes, operator routes and jobs, and runs ready hooks in order and close hooks in reverse', async () => {
    const events: string[] = [];
    const first: PlatformModule<'first', { n: number }> = {
      name: 'first',
      service: { n: 1 },
      routes: async (app) => {
        app.get('/wps/first', async () => 'first');
      },
      adminRoutes: async (app) => {
        app.get('/admin-api/first', async () => 'operator');
      },
      jobs: async () => {
        events.push('jobs first');
      },
      onReady: async () => {
        events.push('ready first');
      },
      onClose: async () => {
        events.push('close first');
      },
    };
    const second: PlatformModule<'second', undefined> = {
      name: 'second',
      service: undefined,
      onReady: async () => {
        events.push('ready second');
      },
      onClose: async () => {
        events.push('close second');
      },
    };
    const app = bareApp();
    addModuleHooks(app, [first, second], { afterModulesClose: async () => void events.push('shared closed') });
    await registerModules(app, [first, second], { jobs: noJobs });
    expect((await app.inject({ url: '/wps/first' })).body).toBe('first');
    expect((await app.inject({ url: '/admin-api/first' })).body).toBe('operator');
    await app.close();
    expect(events).toEqual(['jobs first', 'ready first', 'ready second', 'close second', 'close first', 'shared closed']);
  });

  it('refuses an operator route outside /admin-api/ when the app starts', async () => {
    const leaky: PlatformModule<'leaky', undefined> = {
      name: 'leaky',
      service: undefined,
      adminRoutes: async (app) => {
        app.get('/wps/leak', async () => 'no');
      },
    };
    const app = bareApp();
    await expect(
      (async () => {
        await registerModules(app, [leaky], { jobs: noJobs });
        await app.ready();
      })(),
    ).rejects.toThrow('module leaky: operator route GET /wps/leak is not under /admin-api/');
    await app.close().catch(() => {});
  });

  it("refuses a route under /admin-api/ in a module's routes when the app starts: operator calls go in adminRoutes", async () => {
    const mixed: PlatformModule<'mixed', undefined> = {
      name: 'mixed',
      service: undefined,
      routes: async (app) => {
        app.get('/wps/mixed', async () => 'member');
        app.get('/admin-api/mixed', async () => 'operator');
      },
    };
    const app = bareApp();
    await expect(
      (async () => {
        await registerModules(app, [mixed], { jobs: noJobs });
        await app.ready();
      })(),
    ).rejects.toThrow('module mixed: route GET /admin-api/mixed is under /admin-api/; operator calls belong in adminRoutes');
    await app.close().catch(() => {});
  });

  it('puts each service under its module name, leaves out modules without one, and refuses two modules of one name', () => {
    const services = servicesOf([
      { name: 'a', service: 1 },
      { name: 'b', service: undefined },
    ] as const);
    expect(services).toEqual({ a: 1 });
    expect(() =>
      servicesOf([
        { name: 'a', service: 1 },
        { name: 'a', service: 2 },
      ]),
    ).toThrow('two modules are named a');
  });

  it('collects the editable settings in module order, and refuses one key declared twice', () => {
    const one = defineSetting('x.one', z.number(), 1);
    const two = defineSetting('x.two', z.number(), 2);
    expect(
      editableSettingsOf([
        { name: 'a', service: undefined, settings: [one] },
        { name: 'b', service: undefined, settings: [two] },
      ]),
    ).toEqual([one, two]);
    expect(() =>
      editableSettingsOf([
        { name: 'a', service: undefined, settings: [one] },
        { name: 'b', service: undefined, settings: [one] },
      ]),
    ).toThrow('setting x.one is declared twice (module b)');
  });
});

describe("the app's modules", () => {
  it('start with every operator call in adminRoutes and none in routes (registerModules refuses either mix-up)', async () => {
    const { app, close } = await buildTestApp();
    try {
      for (const url of [
        '/admin-api/chat/rooms',
        '/admin-api/content/banners',
        '/admin-api/help/categories',
        '/admin-api/inbox/messages',
        '/admin-api/kyc',
        '/admin-api/withdrawals',
      ]) {
        expect(app.hasRoute({ method: 'GET', url }), url).toBe(true);
      }
      expect(app.hasRoute({ method: 'POST', url: '/admin-api/lottery/results' })).toBe(true);
      expect(app.hasRoute({ method: 'POST', url: '/admin-api/lottery/voids' })).toBe(true);
    } finally {
      await close();
    }
  });
});
