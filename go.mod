module cardpress

go 1.26.8

require (
	github.com/santhosh-tekuri/jsonschema/v6 v6.0.3
	go.yaml.in/yaml/v3 v3.0.6
	golang.org/x/image v0.47.0
)

require golang.org/x/text v0.43.0 // indirect
