{{/* The probe's helpers: include with nindent, a helper that reads its argument. */}}
{{- define "probe.labels" -}}
app.kubernetes.io/name: {{ .Chart.Name }}
app.kubernetes.io/instance: {{ .Release.Name }}
helm.sh/chart: {{ printf "%s-%s" .Chart.Name .Chart.Version | replace "+" "_" | trunc 63 | trimSuffix "-" }}
{{- end }}

{{- define "probe.fullname" -}}
{{- if contains .Chart.Name .Release.Name }}
{{- .Release.Name | trunc 63 | trimSuffix "-" }}
{{- else }}
{{- printf "%s-%s" .Release.Name .Chart.Name | trunc 63 | trimSuffix "-" }}
{{- end }}
{{- end }}

{{- define "probe.arg" -}}
{{- if kindIs "map" . }}map:{{ keys . | sortAlpha | join "," }}{{ else }}{{ . }}{{ end }}
{{- end }}

{{- define "shared.name" -}}from-parent{{- end -}}
