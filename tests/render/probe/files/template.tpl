{{ .Release.Name }} is {{ .Values.word }}
