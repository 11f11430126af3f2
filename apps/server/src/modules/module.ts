import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { ADMIN_API_PREFIX } from '../plugins/admin-auth.ts';
import type { JobRunner } from './jobs/job-runner.ts';
import type { SettingDefinition } from './settings/settings.service.ts';

/** A module's HTTP calls: one Fastify plugin whose routes declare zod schemas. */
export type ModuleRoutes = FastifyPluginAsyncZod;

/** A setting an operator may read and change through `/admin-api/settings`. */
export type EditableSetting = SettingDefinition<z.ZodType>;

/**
 * What one module contributes to the app. Every module has one factory,
 * `create<Name>Module(deps)`, in `modules/<folder>/<name>.module.ts`: it takes what the module needs
 * (other modules' services, `db`, `now`, `logger`, configuration) and returns this. `app.ts` calls
 * the factories in dependency order and hands the list to the functions below; a module never
 * registers another module's routes. See docs/decisions/0012-one-module-shape.md.
 */
export type PlatformModule<Name extends string = string, Service = unknown> = {
  /** The module's key in `app.services`; unique. */
  readonly name: Name;
  /** What other modules (and tests, through `app.services[name]`) call. Undefined for a module with routes only. */
  readonly service: Service;
  /** Member, agent, public and vendor calls; none under `/admin-api/` (registerModules refuses one). */
  readonly routes?: ModuleRoutes;
  /** Operator calls, every path under `/admin-api/` (registerModules refuses any other path). */
  readonly adminRoutes?: ModuleRoutes;
  /** Registers the module's scheduled jobs; their handlers run once the runner starts (server.ts). */
  readonly jobs?: (runner: JobRunner) => Promise<void>;
  /** The module's operator-editable settings. */
  readonly settings?: readonly EditableSetting[];
  /** Runs when the app is ready, before it listens (in list order). */
  readonly onReady?: () => Promise<void>;
  /** Runs when the app closes (in reverse list order), before the job runner, pub/sub and database close. */
  readonly onClose?: () => Promise<void>;
};

/** Any module, whatever its name and service. */
export type AnyPlatformModule = PlatformModule<string, unknown>;

/** `app.services`: each module's service under its name; modules without a service are left out. */
export type ServicesOf<Modules extends readonly AnyPlatformModule[]> = {
  [M in Modules[number] as M['service'] extends undefined ? never : M['name']]: M['service'];
};

/** The services of the modules, by name. Throws on two modules of one name. */
export function servicesOf<const Modules extends readonly AnyPlatformModule[]>(modules: Modules): ServicesOf<Modules> {
  const services: Record<string, unknown> = {};
  const names = new Set<string>();
  for (const module of modules) {
    if (names.has(module.name)) throw new Error(`two modules are named ${module.name}`);
    names.add(module.name);
    if (module.service !== undefined) services[module.name] = module.service;
  }
  return services as ServicesOf<Modules>;
}

/** Every operator-editable setting the modules declare, in list order. Throws on a key declared twice. */
export function editableSettingsOf(modules: readonly AnyPlatformModule[]): readonly EditableSetting[] {
  const byKey = new Map<string, EditableSetting>();
  for (const module of modules) {
    for (const setting of module.settings ?? []) {
      if (byKey.has(setting.key)) throw new Error(`setting ${setting.key} is declared twice (module ${module.name})`);
      byKey.set(setting.key, setting);
    }
  }
  return [...byKey.values()];
}

/**
 * Adds the modules' ready and close hooks. Ready hooks run in list order. Close hooks run in reverse
 * list order, so a module closes before those it depends on; `afterModulesClose` then closes what
 * the modules share (the job runner, pub/sub). Fastify runs close hooks last-added first, so app.ts
 * adds these before the plugins, and they run after the plugins' own (as the realtime hub expects).
 */
export function addModuleHooks(
  app: FastifyInstance,
  modules: readonly AnyPlatformModule[],
  options: { afterModulesClose?: () => Promise<void> } = {},
): void {
  app.addHook('onReady', async () => {
    for (const module of modules) await module.onReady?.();
  });
  app.addHook('onClose', async () => {
    for (const module of [...modules].reverse()) await module.onClose?.();
    await options.afterModulesClose?.();
  });
}

/**
 * Registers what each module contributes, in list order: its routes (checked to be outside
 * `/admin-api/`), its operator routes (checked to be under it), and its jobs (registration only: the
 * handlers run once the runner is started, by server.ts when JOBS_ENABLED).
 */
export async function registerModules(
  app: FastifyInstance,
  modules: readonly AnyPlatformModule[],
  options: { jobs: JobRunner },
): Promise<void> {
  for (const module of modules) {
    if (module.routes) await app.register(sided(module.name, module.routes, 'member'));
    if (module.adminRoutes) await app.register(sided(module.name, module.adminRoutes, 'operator'));
    if (module.jobs) await module.jobs(options.jobs);
  }
}

/**
 * Wraps a module's routes so that a path on the wrong side of `/admin-api/` fails at start-up: every
 * operator route is under it, and no other route is.
 */
function sided(name: string, routes: ModuleRoutes, side: 'operator' | 'member'): FastifyPluginAsync {
  return async (scope) => {
    scope.addHook('onRoute', (route) => {
      const underAdmin = route.url.startsWith(ADMIN_API_PREFIX);
      if (side === 'operator' && !underAdmin) {
        throw new Error(`module ${name}: operator route ${route.method} ${route.url} is not under ${ADMIN_API_PREFIX}`);
      }
      if (side === 'member' && underAdmin) {
        throw new Error(
          `module ${name}: route ${route.method} ${route.url} is under ${ADMIN_API_PREFIX}; operator calls belong in adminRoutes`,
        );
      }
    });
    await scope.register(routes);
  };
}
