import { PAGE_SIZE_OPTIONS } from '../lib/list-constants';
import { USERS_ADMIN_TEXTS } from '../lib/users-admin-texts';
import { bodyOf } from './api-helpers';
import { entityCalls, resourceApi, type EntityRow } from './provider';
import { splitList } from './ratings';
import type { FormValues, ResourceDef } from './types';

type QuestionnaireRow = EntityRow<'questionnaires'>;

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
  api: resourceApi(entityCalls('questionnaires'), {
    row: withQuestionsText, record: withQuestionsText, created: withQuestionsText, updated: withQuestionsText,
    createBody: questionnaireBody, exportable: true,
    select: { from: 'server', query: (search) => ({ search, isActive: true }) },
  }),
};
