import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs } from 'kysely';

/**
 * A Kysely plugin that keeps the text of each statement run through `db.withPlugin(recorder)`
 * (its SQL fragments and parameters, as JSON), so a test can check which path a search took.
 */
export class StatementRecorder implements KyselyPlugin {
  statements: string[] = [];
  transformQuery(args: PluginTransformQueryArgs) {
    this.statements.push(JSON.stringify(args.node));
    return args.node;
  }
  async transformResult(args: PluginTransformResultArgs) {
    return args.result;
  }
}
