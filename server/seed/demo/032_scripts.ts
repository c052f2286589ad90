import { ItemStore } from '../../items/itemStore';
import { plainItemKind } from '../../items/plainHandlers';
import type { DemoSeed } from '../seed';

const DEMO_SCRIPT = '5d1e7a92-3c4b-4f0e-8a6d-2b9c0e1f3a10';
const scriptKind = plainItemKind('script');

const code = `using System;
using System.Linq;

namespace Demo.Scripts;

/// <summary>Formats an order line for the dispatcher's note.</summary>
public static class OrderLine
{
    public static string Describe(string product, int quantity, decimal price)
    {
        var total = quantity * price;
        return $"{quantity} x {product} = {total:0.00}";
    }

    public static decimal Sum(params decimal[] amounts) => amounts.Where(a => a > 0).Sum();
}
`;

/** One published script, so the Script Builder opens on real C#. */
const seedScripts: DemoSeed = async (db) => {
  const items = new ItemStore(db);
  if (await items.find(scriptKind, DEMO_SCRIPT)) return;
  await items.save(
    scriptKind,
    {
      Guid: DEMO_SCRIPT,
      Name: 'demo.OrderLine',
      Description: 'Formats order lines for notes.',
      ScriptType: 'Function',
      HostName: 'scripts.demo.local',
      Script: code,
      Commit: 'First version',
      IsPublished: true,
    },
    { by: 'seed', now: Date.now() / 1000 },
  );
};

export default seedScripts;
