import reactHooks from 'eslint-plugin-react-hooks'
import tseslint from 'typescript-eslint'

export default tseslint.config(
	{
		ignores: [
			'build/',
			'.react-router/',
			'node_modules/',
			'test-results/',
			'playwright-report/',
			'.data/',
			'bench/.tmp/',
		],
	},
	...tseslint.configs.recommended,
	reactHooks.configs.flat['recommended-latest'],
	{
		rules: {
			'@typescript-eslint/no-explicit-any': 'error',
			'@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
			'@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
			'no-console': ['error', { allow: ['info', 'warn', 'error'] }],
		},
	},
	{
		files: ['tests/e2e/**/*.ts'],
		rules: {
			'no-restricted-imports': [
				'error',
				{
					paths: [
						{
							name: '@playwright/test',
							importNames: ['test'],
							message: "Use tests/support/e2e-test's test: each test gets a visitor address of its own.",
						},
					],
				},
			],
		},
	},
)
