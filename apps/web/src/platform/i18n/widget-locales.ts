/** antd and dayjs locales per catalogue, loaded when the language is chosen. */
import type { Catalogue } from '@quay/core';
import type { Locale as AntdLocale } from 'antd/es/locale';
import dayjs from 'dayjs';

const antdLoaders: Record<Catalogue, () => Promise<{ default: AntdLocale }>> = {
  en: () => import('antd/es/locale/en_US'),
  ja: () => import('antd/es/locale/ja_JP'),
  vi: () => import('antd/es/locale/vi_VN'),
  ru: () => import('antd/es/locale/ru_RU'),
  es: () => import('antd/es/locale/es_ES'),
  tr: () => import('antd/es/locale/tr_TR'),
  it: () => import('antd/es/locale/it_IT'),
  fr: () => import('antd/es/locale/fr_FR'),
  de: () => import('antd/es/locale/de_DE'),
  'zh-CN': () => import('antd/es/locale/zh_CN'),
  'zh-TW': () => import('antd/es/locale/zh_TW'),
  pt: () => import('antd/es/locale/pt_BR'),
  id: () => import('antd/es/locale/id_ID'),
  th: () => import('antd/es/locale/th_TH'),
  ko: () => import('antd/es/locale/ko_KR'),
  pl: () => import('antd/es/locale/pl_PL'),
  uk: () => import('antd/es/locale/uk_UA'),
  uz: () => import('antd/es/locale/uz_UZ'),
  ar: () => import('antd/es/locale/ar_EG'),
  nl: () => import('antd/es/locale/nl_NL'),
  sv: () => import('antd/es/locale/sv_SE'),
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
