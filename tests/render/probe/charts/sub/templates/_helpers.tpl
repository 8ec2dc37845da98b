{{- define "shared.name" -}}from-sub{{- end -}}
{{- define "sub.only" -}}sub-only {{ .Chart.Name }}{{- end -}}
