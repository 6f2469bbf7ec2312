/** antd and dayjs locales per catalogue, loaded when the language is chosen. */
import type { Catalogue } from '@quay/core';
import type { Locale as AntdLocale } from 'antd/es/locale';
import dayjs from 'dayjs';

const antdLoaders: Record<Catalogue, () => Promise<{ default: AntdLocale }>> = {
  en: () => import('antd/locale/en_US'),
  ja: () => import('antd/locale/ja_JP'),
  vi: () => import('antd/locale/vi_VN'),
  ru: () => import('antd/locale/ru_RU'),
  es: () => import('antd/locale/es_ES'),
  tr: () => import('antd/locale/tr_TR'),
  it: () => import('antd/locale/it_IT'),
  fr: () => import('antd/locale/fr_FR'),
  de: () => import('antd/locale/de_DE'),
  'zh-CN': () => import('antd/locale/zh_CN'),
  'zh-TW': () => import('antd/locale/zh_TW'),
  pt: () => import('antd/locale/pt_BR'),
  id: () => import('antd/locale/id_ID'),
  th: () => import('antd/locale/th_TH'),
  ko: () => import('antd/locale/ko_KR'),
  pl: () => import('antd/locale/pl_PL'),
  uk: () => import('antd/locale/uk_UA'),
  uz: () => import('antd/locale/uz_UZ'),
  ar: () => import('antd/locale/ar_EG'),
  nl: () => import('antd/locale/nl_NL'),
  sv: () => import('antd/locale/sv_SE'),
};

const dayjsLoaders: Record<Catalogue, { name: string; load: () => Promise<unknown> }> = {
  en: { name: 'en', load: async () => undefined },
  ja: { name: 'ja', load: () => import('dayjs/locale/ja') },
  vi: { name: 'vi', load: () => import('dayjs/locale/vi') },
  ru: { name: 'ru', load: () => import('dayjs/locale/ru') },
  es: { name: 'es', load: () => import('dayjs/locale/es') },
  tr: { name: 'tr', load: () => import('dayjs/locale/tr') },
  it: { name: 'it', load: () => import('dayjs/locale/it') },
  fr: { name: 'fr', load: () => import('dayjs/locale/fr') },
  de: { name: 'de', load: () => import('dayjs/locale/de') },
  'zh-CN': { name: 'zh-cn', load: () => import('dayjs/locale/zh-cn') },
  'zh-TW': { name: 'zh-tw', load: () => import('dayjs/locale/zh-tw') },
  pt: { name: 'pt-br', load: () => import('dayjs/locale/pt-br') },
  id: { name: 'id', load: () => import('dayjs/locale/id') },
  th: { name: 'th', load: () => import('dayjs/locale/th') },
  ko: { name: 'ko', load: () => import('dayjs/locale/ko') },
  pl: { name: 'pl', load: () => import('dayjs/locale/pl') },
  uk: { name: 'uk', load: () => import('dayjs/locale/uk') },
  uz: { name: 'uz-latn', load: () => import('dayjs/locale/uz-latn') },
  ar: { name: 'ar', load: () => import('dayjs/locale/ar') },
  nl: { name: 'nl', load: () => import('dayjs/locale/nl') },
  sv: { name: 'sv', load: () => import('dayjs/locale/sv') },
};

export async function loadWidgetLocale(catalogue: Catalogue): Promise<AntdLocale> {
  const [antd] = await Promise.all([antdLoaders[catalogue](), dayjsLoaders[catalogue].load()]);
  dayjs.locale(dayjsLoaders[catalogue].name);
  return antd.default;
}
