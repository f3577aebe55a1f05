/**
 * Every landfall place of the real archive in English, and a list of real places reviewed by hand. The table's
 * shape and the rendering rules on examples: test/unit/place-names.test.ts.
 */
import { expect, it } from 'vitest';
import { ASCII_PRINTABLE, english, landfallPlaces } from '../helpers/place-names.ts';
import { describeRealData } from '../helpers/real-data.ts';

/**
 * Real landfall places and their English, each checked by hand against the table's sources and the rules in
 * docs/data/place-names.md. The archive's own slips stay as written (it files towns of Lingshui under 黄岩岛).
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
