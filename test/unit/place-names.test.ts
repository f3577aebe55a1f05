/**
 * Chinese place text in English (src/model/place-names.ts) with the reviewed table (content/places/places.yaml):
 * the table's shape, the rendering rules on examples, every landfall place of the fixture and demo archives. Every
 * real landfall place and a list of real places reviewed by hand: test/real-data/place-names.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { DEMO_SOURCES_DIR } from '../../src/config/paths.ts';
import { parsePlacesTable, pinyinWord } from '../../src/model/place-names.ts';
import { ASCII_PRINTABLE, english, landfallPlaces, table } from '../helpers/place-names.ts';
import { FIXTURE_SOURCES } from '../helpers/sources.ts';

const HAN = /\p{Script=Han}/u;

describe('the place table', () => {
  it('writes every Chinese form once, and every English in printable ASCII without a Chinese character', () => {
    const forms = table.entries.flatMap((e) => [e.zh, ...(e.variants ?? [])]);
    expect(new Set(forms).size).toBe(forms.length);
    expect(new Set(table.entries.map((e) => e.zh)).size).toBe(table.entries.length);
    for (const entry of table.entries) {
      expect(entry.en, entry.zh).toMatch(ASCII_PRINTABLE);
      expect(HAN.test(entry.en), entry.zh).toBe(false);
      expect(entry.en, entry.zh).toBe(entry.en.trim());
    }
    expect(table.entries.length).toBeGreaterThan(300);
  });

  it('reads every entry as itself (no entry hidden by another), after its country where it needs one', () => {
    for (const entry of table.entries) {
      const before = entry.after?.[0] ?? '';
      const { en, inPinyin } = english(before + entry.zh);
      expect(inPinyin, entry.zh).toEqual([]);
      expect(en, entry.zh).toMatch(new RegExp(`^${entry.article ? 'the ' : ''}${entry.en.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(,|$)`));
    }
  });

  it.each([
    [
      'a form written twice',
      '  - { zh: 广东, en: Guangdong, kind: province }\n  - { zh: 粤, en: Guangdong, kind: province, variants: [广东] }',
      /written for both/,
    ],
    ['a Chinese character in en', '  - { zh: 广东, en: 广东, kind: province }', /printable ASCII/],
    ['an unknown kind', '  - { zh: 广东, en: Guangdong, kind: state }', /kind/],
    [
      'a country that is not one',
      '  - { zh: 广东, en: Guangdong, kind: province }\n  - { zh: 吕宋, en: Luzon, kind: island, country: 广东 }',
      /not a country/,
    ],
    ['an unknown place in after', '  - { zh: 太平, en: Thai Binh, kind: province, after: [越南] }', /not in the table/],
  ])('refuses %s', (_what, places, error) => {
    expect(() => parsePlacesTable(`places:\n${places}\n`)).toThrow(error);
  });
});

describe('pinyin of an unknown name', () => {
  it.each([
    ['翁田', 'Wengtian'],
    ['西安', "Xi'an"],
    ['云澳', "Yun'ao"],
    ['吕宋', 'Lusong'],
    ['东灶港', 'Dongzaogang'],
  ])('%s → %s', (zh, en) => expect(pinyinWord(zh)).toBe(en));
});

describe('placeInEnglish', () => {
  it.each([
    // the live service's form and the archive's two forms
    ['海南文昌沿海', 'the coast of Wenchang, Hainan', []],
    ['福建省.泉州市.惠安县.崇武', "Chongwu, Hui'an, Quanzhou, Fujian", ['崇武']],
    ['菲律宾吕宋岛东北部沿海', 'the northeastern coast of Luzon, the Philippines', []],
    // administrative suffixes: restating a known unit, or English words after an unknown name
    ['海南省文昌市翁田镇沿海', 'the coast of Wengtian Town, Wenchang, Hainan', ['翁田镇']],
    ['广东省佛山市南海区', 'Nanhai District, Foshan City, Guangdong', ['佛山市', '南海区']],
    ['台湾省宜兰县南澳乡沿海', "the coast of Nan'ao Township, Yilan, Taiwan", []],
    ['香港岛', 'Hong Kong Island', []],
    ['雷州半岛东部沿海', 'the eastern coast of the Leizhou Peninsula', []],
    ['舟山群岛', 'the Zhoushan Islands', []],
    ['福建连江黄岐半岛', 'the Huangqi Peninsula, Lianjiang, Fujian', ['黄岐半岛']],
    ['湛江东海岛', 'Donghai Island, Zhanjiang', ['东海岛']],
    ['宁波镇海', 'Zhenhai, Ningbo', []],
    ['日本岛根县', 'Shimane Prefecture, Japan', []],
    // abroad: a province's 省, a prefecture's 县, a city's 市
    ['越南中部广平省北部沿海', 'the northern coast of Quang Binh Province, central Vietnam', []],
    ['日本静冈县滨松市沿海', 'the coast of Hamamatsu, Shizuoka Prefecture, Japan', []],
    ['日本宫崎市', 'Miyazaki City, Japan', []],
    // a name recognised only after its country
    ['越南太平省', 'Thai Binh Province, Vietnam', []],
    ['浙江太平', 'Taiping, Zhejiang', ['太平']],
    ['中国香港', 'Hong Kong, China', []],
    // directions, relations, borders, waters
    ['菲律宾吕宋岛南部', 'southern Luzon, the Philippines', []],
    ['菲律宾西北部的阿格诺沿海', 'the coast of Agno, the northwestern Philippines', []],
    ['日本四国岛高知县东南沿海', 'the southeastern coast of Kochi Prefecture, Shikoku, Japan', []],
    ['泰国洛坤附近沿海', 'the coast near Nakhon Si Thammarat, Thailand', []],
    ['日本千叶县附近', 'the vicinity of Chiba Prefecture, Japan', []],
    ['越南平定省一带沿海', 'the coast around Binh Dinh Province, Vietnam', []],
    ['日本四国岛德岛县境内', 'Tokushima Prefecture, Shikoku, Japan', []],
    ['台湾新北市与宜兰县交界', 'the border between New Taipei and Yilan, Taiwan', []],
    ['越南河静省和广治省交界附近沿海', 'the coast near the border between Ha Tinh Province and Quang Tri Province, Vietnam', []],
    ['广东阳江和茂名之间沿海', 'the coast between Yangjiang and Maoming, Guangdong', []],
    ['中越边界越南一侧沿海', 'the coast on the Vietnam side of the China-Vietnam border', []],
    ['中朝交界附近的朝鲜平安北道沿海', 'the coast of North Pyongan Province, North Korea, near the China-North Korea border', []],
    ['海南省万宁市和乐镇沿海', 'the coast of Hele Town, Wanning, Hainan', ['和乐镇']],
    ['菲律宾以东洋面', 'the waters east of the Philippines', []],
    ['南海中部海域', 'the waters of the central South China Sea', []],
    ['北部湾', 'the Beibu Gulf', []],
    // dotted paths: a level written twice once, an empty level dropped, the sea's name as a township's
    ['海南省.三亚市.三亚市.田独镇', 'Tiandu Town, Sanya, Hainan', ['田独镇']],
    ['上海.上海市.崇明县.', 'Chongming, Shanghai', []],
    ['福建省.福州市.平潭县.南海', 'Nanhai, Pingtan, Fuzhou, Fujian', ['南海']],
    ['上海.上海市.浦东新区.机场', 'the airport, Pudong New Area, Shanghai', []],
    // a trailing remark, Latin text, full-width forms
    ['菲律宾吕宋岛东北部沿海（演示）', 'the northeastern coast of Luzon, the Philippines (demo)', []],
    ['菲律宾吕宋岛东北部沿海（测试）', 'the northeastern coast of Luzon, the Philippines (Ceshi)', ['测试']],
    ['Hong Kong', 'Hong Kong', []],
    ['  海南文昌沿海 ', 'the coast of Wenchang, Hainan', []],
  ])('%s → %s', (zh, en, inPinyin) => {
    expect(english(zh)).toEqual({ zh: zh.trim(), en, inPinyin });
  });

  it.each([
    // a shape it does not know, a name the table cuts short, text that is not a place
    ['沿海广东', 'Yanhai Guangdong'],
    ['深圳湾', 'Shenzhen Wan'],
    ['距离日本冲绳县那霸市西南方向约435公里', 'Juliribenchongshengxiannabashixinanfangxiangyue 435 Gongli'],
  ])('writes %s in pinyin as a whole, not a guess at its meaning', (zh, en) => {
    expect(english(zh)).toEqual({ zh, en, inPinyin: [zh] });
  });

  it('writes every landfall place of the fixture and demo archives in English', () => {
    const places = [...landfallPlaces(FIXTURE_SOURCES), ...landfallPlaces(DEMO_SOURCES_DIR)];
    expect(places.length).toBeGreaterThanOrEqual(10);
    for (const place of places) expect(english(place).en, place).toMatch(ASCII_PRINTABLE);
  });
});
