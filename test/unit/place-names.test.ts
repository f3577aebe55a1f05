/**
 * Chinese place text in English (src/model/place-names.ts) with the reviewed table (content/places/places.yaml):
 * the table's shape, the rendering rules on examples, every landfall place of the fixture and demo archives, and,
 * when the real archive is given, every real landfall place and a list of real places reviewed by hand.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEMO_SOURCES_DIR, PLACES_FILE } from '../../src/config/paths.ts';
import { parsePlacesTable, pinyinWord, placeInEnglish } from '../../src/model/place-names.ts';
import { liveNamesTable } from '../../src/sources/names-table.ts';
import { parseZjArchiveFile } from '../../src/sources/zj-archive.ts';
import { describeRealData } from '../helpers/real-data.ts';
import { FIXTURE_SOURCES } from '../helpers/sources.ts';

const tableText = fs.readFileSync(PLACES_FILE, 'utf8');
const table = parsePlacesTable(tableText);
const english = (text: string) => placeInEnglish(text, table);
const HAN = /\p{Script=Han}/u;
const ASCII_PRINTABLE = /^[\x20-\x7e]+$/;

/** The landfall places (`land[].position`) of an archive's Zhejiang files, as the archive parser reads them. */
function landfallPlaces(sourcesDir: string): string[] {
  const dir = path.join(sourcesDir, 'zj');
  return fs
    .readdirSync(dir)
    .filter((file) => /^\d{6}\.json$/.test(file))
    .flatMap(
      (file) =>
        parseZjArchiveFile(fs.readFileSync(path.join(dir, file), 'utf8'), liveNamesTable()).storm?.land.map((l) => l.position) ?? [],
    );
}

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
    ['菲律宾吕宋岛东北部沿海（演示）', 'the northeastern coast of Luzon, the Philippines (Yanshi)', ['演示']],
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

/**
 * Real landfall places and their English, each checked by hand against the table's sources and the rules in
 * docs/place-names.md. The archive's own slips stay as written (it files towns of Lingshui under 黄岩岛).
 */
const REVIEWED: ReadonlyArray<readonly [string, string]> = [
  ['广东省.珠海市.香洲区.担杆', 'Dangan, Xiangzhou, Zhuhai, Guangdong'],
  ['广东省.江门市.台山市.川岛', 'Chuandao, Taishan, Jiangmen, Guangdong'],
  ['海南省.琼海市.博鳌镇', 'Boao Town, Qionghai, Hainan'],
  ['海南省.万宁市.和乐镇', 'Hele Town, Wanning, Hainan'],
  ['广东省.湛江市.麻章区.硇洲', 'Naozhou, Mazhang, Zhanjiang, Guangdong'],
  ['福建省.福州市.连江县.马祖', 'Matsu, Lianjiang, Fuzhou, Fujian'],
  ['广东省.茂名市.茂港区.茂港区', 'Maogang, Maoming, Guangdong'],
  ['福建省.泉州市.金门县.金沙', 'Jinsha, Kinmen, Quanzhou, Fujian'],
  ['广东省.汕头市.南澳县.云澳', "Yun'ao, Nan'ao, Shantou, Guangdong"],
  ['福建省.漳州市.漳浦县.六鳌', "Liu'ao, Zhangpu, Zhangzhou, Fujian"],
  ['广东省.江门市.台山市.都斛', 'Douhu, Taishan, Jiangmen, Guangdong'],
  ['浙江省.温州市.乐清市.蒲岐镇', 'Puqi Town, Yueqing, Wenzhou, Zhejiang'],
  ['山东省.威海市.荣成市.崂山街道', 'Laoshan Subdistrict, Rongcheng, Weihai, Shandong'],
  ['浙江省.宁波市.象山县.高塘岛乡', 'Gaotangdao Township, Xiangshan, Ningbo, Zhejiang'],
  ['海南省.黄岩岛.椰林镇', 'Yelin Town, Huangyan Island, Hainan'],
  ['江苏.盐城市.东台市.弶港镇', 'Jianggang Town, Dongtai, Yancheng, Jiangsu'],
  ['广东省.湛江.麻章区.湖光镇', 'Huguang Town, Mazhang, Zhanjiang, Guangdong'],
  ['广东省.汕尾市.城区.遮浪', 'Zhelang, Chengqu, Shanwei, Guangdong'],
  ['海南省文昌市翁田镇沿海', 'the coast of Wengtian Town, Wenchang, Hainan'],
  ['菲律宾吕宋岛东北部', 'northeastern Luzon, the Philippines'],
  ['越南庆和省北部沿海', 'the northern coast of Khanh Hoa Province, Vietnam'],
  ['上海市奉贤区沿海', 'the coast of Fengxian, Shanghai'],
  ['越南中部沿海', 'the central coast of Vietnam'],
  ['广东深圳大鹏半岛', 'the Dapeng Peninsula, Shenzhen, Guangdong'],
  ['日本国鹿儿岛沿海', 'the coast of Kagoshima, Japan'],
  ['台湾新北市与宜兰县交界', 'the border between New Taipei and Yilan, Taiwan'],
  ['越南北部广宁省沿海', 'the coast of Quang Ninh Province, northern Vietnam'],
  ['上海浦东临港新城沿海', 'the coast of Lingang New City, Pudong, Shanghai'],
  ['台湾台东县长滨乡沿海', 'the coast of Changbin Township, Taitung, Taiwan'],
  ['福建厦门翔安区沿海', "the coast of Xiang'an, Xiamen, Fujian"],
  ['日本和歌山县附近沿海', 'the coast near Wakayama Prefecture, Japan'],
  ['日本九州岛长崎市长崎县附近沿海', 'the coast near Nagasaki Prefecture, Nagasaki City, Kyushu, Japan'],
  ['青岛市黄岛区沿海', 'the coast of Huangdao, Qingdao'],
  ['日本北海道南部沿海', 'the southern coast of Hokkaido, Japan'],
  ['朝鲜黄海南道沿海', 'the coast of South Hwanghae Province, North Korea'],
  ['越南河静市沿海', 'the coast of Ha Tinh City, Vietnam'],
  ['越南河静省和广治省交界附近沿海', 'the coast near the border between Ha Tinh Province and Quang Tri Province, Vietnam'],
  ['菲律宾西北部的阿格诺沿海', 'the coast of Agno, the northwestern Philippines'],
  ['浙江省舟山市朱家尖岛', 'Zhujiajian Island, Zhoushan, Zhejiang'],
  ['日本鹿儿岛县阿久根沿海', 'the coast of Akune, Kagoshima Prefecture, Japan'],
  ['越南海防市沿海', 'the coast of Hai Phong, Vietnam'],
  ['台湾省宜兰县南澳乡沿海', "the coast of Nan'ao Township, Yilan, Taiwan"],
  ['日本长崎半岛西部沿海', 'the western coast of the Nagasaki Peninsula, Japan'],
  ['菲律宾中部莱特岛沿海', 'the coast of Leyte, the central Philippines'],
  ['日本本州北部岩手县', 'Iwate Prefecture, northern Honshu, Japan'],
  ['台湾省屏东县鹅銮鼻', 'Eluanbi, Pingtung, Taiwan'],
  ['俄罗斯海参崴沿海', 'the coast of Vladivostok, Russia'],
  ['香港东北部沿海', 'the northeastern coast of Hong Kong'],
  ['越南北部太平省', 'Thai Binh Province, northern Vietnam'],
  ['越南岘港与顺化交界附近沿海', 'the coast near the border between Da Nang and Hue, Vietnam'],
  ['广西省防城港市光坡镇', 'Guangpo Town, Fangchenggang, Guangxi'],
  ['台湾省高雄市林园区沿海', 'the coast of Linyuan District, Kaohsiung, Taiwan'],
  ['日本四国岛境内', 'Shikoku, Japan'],
  ['上海崇明岛沿海', 'the coast of Chongming Island, Shanghai'],
  ['菲律宾丁阿兰市附近沿海', 'the coast near Dingalan, the Philippines'],
  ['日本爱知县知多半岛沿海', 'the coast of the Chita Peninsula, Aichi Prefecture, Japan'],
  ['中朝交界附近的朝鲜平安北道沿海', 'the coast of North Pyongan Province, North Korea, near the China-North Korea border'],
  ['越南顺化省东部沿海', 'the eastern coast of Hue Province, Vietnam'],
  ['韩国全罗南道西部沿海', 'the western coast of South Jeolla Province, South Korea'],
  ['广西壮族自治区防城港市沿海', 'the coast of Fangchenggang, Guangxi'],
  ['日本九州鹿儿岛', 'Kagoshima, Kyushu, Japan'],
  ['辽宁省大连市金普新区', 'Jinpu New Area, Dalian, Liaoning'],
  ['浙江省乐清沿海', 'the coast of Yueqing, Zhejiang'],
  ['越南庆和芽庄附近沿海', 'the coast near Nha Trang, Khanh Hoa, Vietnam'],
  ['中越边界越南一侧沿海', 'the coast on the Vietnam side of the China-Vietnam border'],
];

describeRealData('archive', 'landfall places of the real archive in English', (sources) => {
  const places = landfallPlaces(sources);
  const known = new Set(places);

  it('writes all 606 in printable ASCII, none left whole in pinyin, at least 217 from the table alone', () => {
    expect(places).toHaveLength(606);
    let fromTable = 0;
    for (const place of places) {
      const { en, inPinyin } = english(place);
      expect(en, place).toMatch(ASCII_PRINTABLE);
      expect(inPinyin, place).not.toContain(place);
      if (inPinyin.length === 0) fromTable += 1;
    }
    // The rest have a town or township the table leaves to pinyin (its scope stops at counties and districts).
    expect(fromTable).toBeGreaterThanOrEqual(217);
  });

  it.each(REVIEWED)('%s → %s', (zh, en) => {
    expect(known.has(zh), `${zh} is a real landfall place`).toBe(true);
    expect(english(zh).en).toBe(en);
  });

  it('the reviewed list covers at least 30 real places', () => expect(new Set(REVIEWED.map(([zh]) => zh)).size).toBeGreaterThanOrEqual(30));
});
