import { api } from '../api';
import type { components } from '../api/generated/connect';
import { PAGE_SIZE_OPTIONS } from '../lib/constants';
import { USERS_ADMIN_TEXTS } from '../lib/users-admin-texts';
import { bodyOf, updateOrConflict } from './api-helpers';
import { splitList } from './ratings';
import { toApiQuery } from './query';
import type { FormValues, Page, ResourceDef, SelectOption } from './types';

type QuestionnaireRow = components['schemas']['Questionnaire'];

/** A questionnaire as the list and form hold it: the questions also as one editable text. */
export type Questionnaire = QuestionnaireRow & { questionsText: string };

const yesNo = (value: boolean) => (value ? 'Yes' : 'No');
const withQuestionsText = (row: QuestionnaireRow): Questionnaire => ({ ...row, questionsText: row.questions.join(`${USERS_ADMIN_TEXTS.questionSeparator} `) });

function questionnaireBody(values: FormValues): Record<string, unknown> {
  const { questionsText, ...rest } = bodyOf(values);
  return { ...rest, questions: splitList(questionsText) ?? [] };
}

/** Questionnaires (000 sections 2 and 6: administrator only): list, add, edit; export "Questionnaires". */
export const questionnairesResource: ResourceDef<Questionnaire> = {
  id: 'questionnaires',
  title: 'Questionnaires',
  singular: 'questionnaire',
  routes: { list: '/questionnaires', add: '/questionnaires/add', edit: '/questionnaires/edit/:id' },
  operations: { list: 'getquestionnaires', get: 'getquestionnaire', create: 'createquestionnaire', update: 'updatequestionnaire' },
  columns: [
    { key: 'name', header: 'Name', sortKey: 'name' },
    { key: 'questionsText', header: 'Questions' },
    { key: 'isActive', header: 'Active', sortKey: 'isActive', text: (row) => yesNo(row.isActive) },
  ],
  filters: [{ kind: 'boolean', name: 'isActive', label: 'Active' }],
  fields: [
    { name: 'name', label: 'Name', kind: 'text', required: true, maxLength: 200 },
    { name: 'questionsText', label: USERS_ADMIN_TEXTS.questionsLabel, kind: 'text', required: true, maxLength: 20000 },
    { name: 'isActive', label: 'Active', kind: 'boolean' },
  ],
  defaultSort: 'name',
  pageSizes: PAGE_SIZE_OPTIONS,
  exportName: 'Questionnaires',
  createOpensEdit: true,
  label: (row) => row.name,
  api: {
    async list(cca2, params, signal) {
      const { data } = await api.connect.GET('/questionnaires/{cca2}', { params: { path: { cca2 }, query: toApiQuery(params) as never }, signal });
      const page = data as Page<QuestionnaireRow>;
      return { ...page, items: page.items.map(withQuestionsText) };
    },
    async get(cca2, id) {
      const { data } = await api.connect.GET('/questionnaires/{cca2}/{id}', { params: { path: { cca2, id } } });
      return withQuestionsText(data!);
    },
    async create(cca2, values) {
      const { data } = await api.connect.POST('/questionnaires/{cca2}', { params: { path: { cca2 } }, body: questionnaireBody(values) as never });
      return withQuestionsText(data!);
    },
    update(cca2, id, values, xmin) {
      return updateOrConflict(
        async () => withQuestionsText((await api.connect.PUT('/questionnaires/{cca2}/{id}', {
          params: { path: { cca2, id } }, body: { ...questionnaireBody(values), xmin } as never,
        })).data!),
        () => questionnairesResource.api.get(cca2, id),
      );
    },
    async exportFile(cca2, params, signal) {
      const { response } = await api.connect.GET('/questionnaires/{cca2}', {
        params: { path: { cca2 }, query: { ...toApiQuery({ ...params, page: 1 }), exportExcel: true } as never }, parseAs: 'stream', signal,
      });
      return response;
    },
    async selectOptions(cca2, search, signal) {
      const { data } = await api.connect.GET('/questionnaires/{cca2}', { params: { path: { cca2 }, query: { select: true, search, isActive: true } }, signal });
      return data as SelectOption[];
    },
  },
};
