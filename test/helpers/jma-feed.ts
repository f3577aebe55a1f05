/**
 * JMA's Atom feed (`extra.xml`, `extra_l.xml`) listing typhoon analysis and forecast documents, as the tests of JMA's
 * own forecasts serve it from the mock upstream: newest first, each linked under JMA's address as its feeds link
 * them, its `updated` the time its file name begins with (UTC, as JMA names them: `20260821124500_0_VPTW60_010000.xml`).
 */
const timeOf = (file: string) =>
  `${file.slice(0, 4)}-${file.slice(4, 6)}-${file.slice(6, 8)}T${file.slice(8, 10)}:${file.slice(10, 12)}:${file.slice(12, 14)}Z`;

export const jmaTyphoonFeed = (files: readonly string[]) => `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom" lang="ja">
<title>高頻度（随時）</title>
<updated>${timeOf([...files].sort().at(-1) ?? '20260101000000')}</updated>
<id>https://www.data.jma.go.jp/developer/xml/feed/extra.xml</id>
${[...files]
  .sort()
  .reverse()
  .map(
    (file) => `<entry>
<title>台風解析・予報情報（５日予報）（Ｈ３０）</title>
<id>https://www.data.jma.go.jp/developer/xml/data/${file}</id>
<updated>${timeOf(file)}</updated>
<author><name>気象庁予報部</name></author>
<link type="application/xml" href="https://www.data.jma.go.jp/developer/xml/data/${file}"/>
</entry>`,
  )
  .join('\n')}
</feed>`;
