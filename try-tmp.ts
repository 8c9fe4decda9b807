import { proposeDesigns } from './packages/mesher/src/design/procedural';
for (const p of process.argv.slice(2)) {
  const r = proposeDesigns(p, {locale: 'en'});
  console.log(JSON.stringify(p), r.status, r.reading.design, r.reading.companion ? JSON.stringify(r.reading.companion) : '', 'U:', r.reading.understood.join('; '), 'I:', r.reading.ignored.join(','), r.reason ?? '', JSON.stringify(r.reading.looks), r.reading.companionLooks ? JSON.stringify(r.reading.companionLooks):'');
}
